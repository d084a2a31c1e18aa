//! The `oppas` binary.

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    tune_malloc();
    match oppas_app::cli::run(oppas_app::cli::Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("oppas: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// The malloc setting the process runs with (glibc): blocks of 1 MiB and more are mapped from
/// the system and given back when freed. By default glibc raises that threshold after the first
/// large block is freed, so the 19 MiB that each one-time code check uses would stay in the
/// heap: 200 sign-ins left about 230 MB resident for good. With the threshold fixed, the same
/// 200 sign-ins leave about 5 MB.
const MALLOC_TUNABLE: &str = "glibc.malloc.mmap_threshold=1048576";

/// glibc reads its tunables only when a process starts, and setting them from within would need
/// `unsafe`: so the binary starts itself once more with the tunable in its environment (same
/// process id, same arguments). Where that is not possible it carries on with the defaults.
fn tune_malloc() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        use std::os::unix::process::CommandExt;
        let current = std::env::var("GLIBC_TUNABLES").unwrap_or_default();
        if current.contains("glibc.malloc.mmap_threshold") {
            return;
        }
        let Ok(exe) = std::env::current_exe() else {
            return;
        };
        let tunables = if current.is_empty() {
            MALLOC_TUNABLE.to_owned()
        } else {
            format!("{current}:{MALLOC_TUNABLE}")
        };
        // `exec` returns only when it failed; then the defaults stay.
        let _failed = std::process::Command::new(exe)
            .args(std::env::args_os().skip(1))
            .env("GLIBC_TUNABLES", tunables)
            .exec();
    }
}
