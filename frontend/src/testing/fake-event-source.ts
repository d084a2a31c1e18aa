import { vi } from 'vitest';

/**
 * A stand-in for the browser's EventSource (jsdom has none): a test opens, feeds and breaks the
 * stream by hand. Every instance made is kept in `FakeEventSource.made`.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];

  readonly url: string;
  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string | URL) {
    this.url = String(url);
    FakeEventSource.made.push(this);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server accepted the stream. */
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** An event whose `data` is `data` as JSON (or as given, for a string). */
  emit(data: unknown): void {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    this.onmessage?.(new MessageEvent('message', { data: text }));
  }

  /** The connection broke: the browser retries by itself, or (closed) gives up. */
  fail({ closed }: { closed: boolean }): void {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.(new Event('error'));
  }
}

/** Replaces EventSource for the current test file and forgets earlier instances. */
export function useFakeEventSource(): void {
  FakeEventSource.made = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}

/** The stream the app opened last (failing the test when there is none). */
export function latestEventSource(): FakeEventSource {
  const source = FakeEventSource.made.at(-1);
  if (source === undefined) throw new Error('no EventSource was opened');
  return source;
}
