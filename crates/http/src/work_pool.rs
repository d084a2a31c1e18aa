//! A small fixed pool of threads for expensive blocking work (code hashing): at most `threads`
//! jobs run at once, at most `queue` wait, and the rest are refused at once. Unlike the shared
//! blocking pool, a burst neither adds threads nor spreads the work's large buffers over many
//! threads' allocator arenas, so memory stays flat whatever arrives together.

use std::sync::mpsc::{self, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};

type Job = Box<dyn FnOnce() + Send + 'static>;

/// The pool is full: the caller should answer 429.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the work pool is busy")]
pub struct Busy;

/// See the module documentation.
#[derive(Debug)]
pub struct WorkPool {
    jobs: SyncSender<Job>,
    /// Jobs waiting for a thread (`work_pool_jobs_waiting` in /metrics).
    queued: metrics::Gauge,
}

impl WorkPool {
    /// Starts `threads` named worker threads with room for `queue` waiting jobs.
    ///
    /// # Errors
    /// A thread could not be started.
    pub fn start(name: &str, threads: usize, queue: usize) -> std::io::Result<Self> {
        let (jobs, waiting) = mpsc::sync_channel::<Job>(queue);
        let waiting = Arc::new(Mutex::new(waiting));
        let queued = metrics::gauge!("work_pool_jobs_waiting", "pool" => name.to_owned());
        for i in 0..threads.max(1) {
            let waiting = waiting.clone();
            let queued = queued.clone();
            std::thread::Builder::new().name(format!("{name}-{i}")).spawn(move || {
                loop {
                    let next = waiting.lock().unwrap_or_else(PoisonError::into_inner).recv();
                    match next {
                        Ok(job) => {
                            queued.decrement(1.0);
                            job();
                        }
                        Err(_) => break,
                    }
                }
            })?;
        }
        Ok(Self { jobs, queued })
    }

    /// Runs `work` on the pool and waits for its result without blocking the event loop.
    ///
    /// # Errors
    /// [`Busy`] when the queue is full (or the pool has stopped).
    pub async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, Busy> {
        let (done, result) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            // The caller may have gone (a closed connection); the work is done all the same.
            let _gone = done.send(work());
        });
        // Counted before it can be taken, so that the gauge never goes below zero.
        self.queued.increment(1.0);
        match self.jobs.try_send(job) {
            Ok(()) => result.await.map_err(|_| Busy),
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => {
                self.queued.decrement(1.0);
                Err(Busy)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    #[tokio::test]
    async fn no_more_than_the_pool_runs_at_once_and_a_full_queue_refuses() -> Result<(), Busy> {
        let pool = Arc::new(WorkPool::start("test", 2, 2).map_err(|_| Busy)?);
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let tasks: Vec<_> = (0..8)
            .map(|_| {
                let (pool, running, most) = (pool.clone(), running.clone(), most.clone());
                tokio::spawn(async move {
                    pool.run(move || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(50));
                        running.fetch_sub(1, Ordering::SeqCst);
                    })
                    .await
                })
            })
            .collect();
        let mut done = 0;
        let mut refused = 0;
        for task in tasks {
            match task.await {
                Ok(Ok(())) => done += 1,
                Ok(Err(Busy)) => refused += 1,
                Err(_) => {}
            }
        }
        assert!(most.load(Ordering::SeqCst) <= 2, "two threads at most");
        assert!(done >= 2 && refused >= 1, "{done} done, {refused} refused");
        assert_eq!(done + refused, 8);
        Ok(())
    }
}
