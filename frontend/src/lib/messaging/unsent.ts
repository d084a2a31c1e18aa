/**
 * Messages written but not yet taken by the server, kept in this browser per signed-in person and
 * conversation, so that a reload, a closed tab or a lost connection loses nothing. Each keeps the
 * idempotency key it is sent under, so that sending it again after a reload stores it once.
 * Signing out forgets them ({@link forgetUnsentOf}).
 */

/** Why a message was not sent: the text to show, and the server's status (null: no answer). */
export interface SendFailure {
  text: string;
  status: number | null;
}

export interface UnsentMessage {
  /** The idempotency key it is sent under; also its name here. */
  key: string;
  conversationId: number;
  text: string;
  /** When it was written (ISO 8601). */
  writtenAt: string;
  /** Null while it waits to go (pending); set once the server refused or failed it. */
  failure: SendFailure | null;
}

const PREFIX = 'oppas.unsent.';

const storageKey = (userId: number, conversationId: number) =>
  `${PREFIX}${String(userId)}.${String(conversationId)}`;

const listeners = new Set<() => void>();

/** Calls `listener` whenever the unsent messages change, in this tab or in another one. */
export function subscribeToUnsent(listener: () => void): () => void {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) listener();
  };
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

function changed(): void {
  for (const listener of [...listeners]) listener();
}

function isUnsent(value: unknown): value is UnsentMessage {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  const failure = entry.failure as Record<string, unknown> | null | undefined;
  return (
    typeof entry.key === 'string' &&
    entry.key !== '' &&
    typeof entry.conversationId === 'number' &&
    typeof entry.text === 'string' &&
    typeof entry.writtenAt === 'string' &&
    (failure === null ||
      (typeof failure === 'object' &&
        typeof failure.text === 'string' &&
        (failure.status === null || typeof failure.status === 'number')))
  );
}

/** The raw text last read per storage key, and what it meant: the same array while unchanged. */
const parsed = new Map<string, { raw: string | null; entries: readonly UnsentMessage[] }>();
const NONE: readonly UnsentMessage[] = [];

/**
 * The unsent messages of one person in one conversation, oldest first. The same array comes
 * back while nothing changed, as React's external stores need.
 */
export function readUnsent(userId: number, conversationId: number): readonly UnsentMessage[] {
  const key = storageKey(userId, conversationId);
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    // Storage may be unavailable (private mode): nothing is kept then.
    return NONE;
  }
  const known = parsed.get(key);
  if (known?.raw === raw) return known.entries;
  let entries: readonly UnsentMessage[] = NONE;
  if (raw !== null) {
    try {
      const value: unknown = JSON.parse(raw);
      entries = Array.isArray(value)
        ? value.filter(isUnsent).filter((entry) => entry.conversationId === conversationId)
        : NONE;
    } catch {
      entries = NONE;
    }
  }
  parsed.set(key, { raw, entries });
  return entries;
}

function write(userId: number, conversationId: number, entries: readonly UnsentMessage[]): void {
  const key = storageKey(userId, conversationId);
  try {
    if (entries.length === 0) {
      window.localStorage.removeItem(key);
    } else {
      window.localStorage.setItem(key, JSON.stringify(entries));
    }
  } catch {
    // Full or unavailable: the message then lives only as long as this page.
  }
  changed();
}

/** Keeps a new unsent message at the end of its conversation's list. */
export function keepUnsent(userId: number, message: UnsentMessage): void {
  write(userId, message.conversationId, [...readUnsent(userId, message.conversationId), message]);
}

/** Changes the kept message with `key`, if it is still there. */
export function updateUnsent(
  userId: number,
  conversationId: number,
  key: string,
  change: (message: UnsentMessage) => UnsentMessage,
): void {
  const entries = readUnsent(userId, conversationId);
  if (!entries.some((entry) => entry.key === key)) return;
  write(
    userId,
    conversationId,
    entries.map((entry) => (entry.key === key ? change(entry) : entry)),
  );
}

/** Forgets the kept message with `key` (sent, or removed by the writer). */
export function dropUnsent(userId: number, conversationId: number, key: string): void {
  const entries = readUnsent(userId, conversationId);
  if (!entries.some((entry) => entry.key === key)) return;
  write(
    userId,
    conversationId,
    entries.filter((entry) => entry.key !== key),
  );
}

/** The conversations in which `userId` has unsent messages kept. */
export function conversationsWithUnsent(userId: number): number[] {
  const mine = `${PREFIX}${String(userId)}.`;
  const found: number[] = [];
  try {
    for (let index = 0; index < window.localStorage.length; index += 1) {
      const key = window.localStorage.key(index);
      if (key?.startsWith(mine)) {
        const id = Number(key.slice(mine.length));
        if (Number.isSafeInteger(id) && id > 0) found.push(id);
      }
    }
  } catch {
    return [];
  }
  return found;
}

/** Forgets every unsent message of `userId` in this browser: they must not outlive the session. */
export function forgetUnsentOf(userId: number): void {
  const mine = `${PREFIX}${String(userId)}.`;
  try {
    const keys: string[] = [];
    for (let index = 0; index < window.localStorage.length; index += 1) {
      const key = window.localStorage.key(index);
      if (key?.startsWith(mine)) keys.push(key);
    }
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    return;
  }
  changed();
}
