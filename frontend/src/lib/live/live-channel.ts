import type { LiveEvent } from '@/lib/live/live-event';

/**
 * The event in an event's `data`, or null for anything else; the checks load with the first
 * event, and when they cannot load (a new version of the app on the server) nothing is passed on.
 */
const parseLiveEvent = (data: string): Promise<LiveEvent | null> =>
  import('@/lib/live/parse-live-event').then(
    (checks) => checks.parseLiveEvent(data),
    () => null,
  );

/**
 * Where the stream stands: not wanted (signed out), being opened, open, waiting to try again
 * after the browser gave up, or impossible (a browser without EventSource).
 */
export type LiveStatus = 'closed' | 'connecting' | 'open' | 'retrying' | 'unsupported';

/** An event as the channel received it, for the development overlay. */
export interface ReceivedLiveEvent {
  receivedAt: Date;
  event: LiveEvent;
}

export interface LiveChannelHandlers {
  /** Every event. */
  onEvent: (event: LiveEvent) => void;
  /**
   * The stream opened or reopened without the events that happened before: whatever happened
   * meanwhile has to be read again. Not called when the stream's first open brings them (see
   * `connect`).
   */
  onOpen: () => void;
  /** The browser gave up on the stream, for instance because the session has ended. */
  onLost: () => void;
}

const EVENTS_URL = '/api/events';
/** Kept for the development overlay. */
const RECENT_EVENTS = 20;
const FIRST_RETRY_MS = 3_000;
const LONGEST_RETRY_MS = 60_000;

/**
 * The one event stream of a signed-in session. The browser reconnects by itself after a dropped
 * connection (and asks for what it missed by the last event id); when it gives up instead (an
 * error answer), the channel tries again later, waiting longer each time.
 */
export class LiveChannel {
  private source: EventSource | null = null;
  private handlers: LiveChannelHandlers | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryDelay = FIRST_RETRY_MS;
  private status: LiveStatus = 'closed';
  private recent: readonly ReceivedLiveEvent[] = [];
  /** The events received so far, checked and passed on: the next one waits for it. */
  private checked: Promise<void> = Promise.resolve();
  /** The last event the reads so far have seen, for the next open only. */
  private seenUpTo: number | null = null;
  private readonly watchers = new Set<() => void>();

  /**
   * Opens the stream (closing any earlier one). `seenUpTo` is the number of the person's newest
   * event that every read so far has seen (the session's `last_event`, read before them): the
   * stream then starts with what came after it, and nothing has to be read again when it opens.
   */
  connect(handlers: LiveChannelHandlers, seenUpTo?: number): void {
    this.disconnect();
    this.handlers = handlers;
    this.seenUpTo = seenUpTo ?? null;
    this.open();
  }

  /** Closes the stream and stops trying again. */
  disconnect(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.source?.close();
    this.source = null;
    this.handlers = null;
    this.retryDelay = FIRST_RETRY_MS;
    this.setStatus('closed');
  }

  /** For `useSyncExternalStore`: tells when the status or the recent events change. */
  watch = (onChange: () => void): (() => void) => {
    this.watchers.add(onChange);
    return () => {
      this.watchers.delete(onChange);
    };
  };

  getStatus = (): LiveStatus => this.status;

  /** The latest events, newest first. */
  getRecent = (): readonly ReceivedLiveEvent[] => this.recent;

  private open(): void {
    if (typeof EventSource === 'undefined') {
      this.setStatus('unsupported');
      return;
    }
    // Only the first open can rely on the reads: a later one may follow a long absence, longer
    // than the server keeps events.
    let caughtUp = this.seenUpTo !== null;
    const source = new EventSource(
      this.seenUpTo === null
        ? EVENTS_URL
        : `${EVENTS_URL}?lastEventId=${encodeURIComponent(String(this.seenUpTo))}`,
    );
    this.seenUpTo = null;
    this.source = source;
    this.setStatus('connecting');

    source.onopen = () => {
      if (this.source !== source) return;
      this.retryDelay = FIRST_RETRY_MS;
      this.setStatus('open');
      if (!caughtUp) this.handlers?.onOpen();
      caughtUp = false;
    };
    source.onmessage = (message: MessageEvent<string>) => {
      if (this.source !== source) return;
      // Checked one after another, so that events are passed on in the order they came.
      this.checked = this.checked
        .then(() => parseLiveEvent(message.data))
        .then((event) => {
          if (this.source !== source || event === null) return;
          this.recent = [{ receivedAt: new Date(), event }, ...this.recent].slice(0, RECENT_EVENTS);
          this.notify();
          this.handlers?.onEvent(event);
        })
        // One event that could not be applied must not hold back the ones after it.
        .catch((error: unknown) => {
          console.error('A live event was not applied', error);
        });
    };
    source.onerror = () => {
      if (this.source !== source) return;
      if (source.readyState !== EventSource.CLOSED) {
        // The browser reconnects by itself.
        this.setStatus('connecting');
        return;
      }
      source.close();
      this.source = null;
      this.setStatus('retrying');
      this.handlers?.onLost();
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined;
        if (this.handlers !== null) this.open();
      }, this.retryDelay);
      this.retryDelay = Math.min(this.retryDelay * 2, LONGEST_RETRY_MS);
    };
  }

  private setStatus(status: LiveStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.notify();
  }

  private notify(): void {
    for (const watcher of this.watchers) {
      watcher();
    }
  }
}
