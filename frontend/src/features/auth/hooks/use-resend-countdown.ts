import { useEffect, useState } from 'react';
import { codeSentAt } from '@/features/auth/code-sent';
import { useSiteInfo } from '@/lib/site/get-site-info';

/**
 * The wait before a new code may be asked for `email`: counted from when this tab last sent one
 * (or from now, when `sentNow` and it sent none), restarted by `restart` after a send or with the
 * seconds the server named in Retry-After. `secondsLeft` is 0 once it may be asked.
 */
export function useResendCountdown(email: string, { sentNow }: { sentNow: boolean }) {
  const cooldown = useSiteInfo().data?.codeResendSeconds;
  const [sentAt] = useState(() => codeSentAt(email) ?? (sentNow ? Date.now() : null));
  // Set by a send, or by the server's Retry-After when one came too soon.
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const until =
    waitUntil ?? (cooldown === undefined || sentAt === null ? null : sentAt + cooldown * 1000);
  const secondsLeft = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (secondsLeft <= 0) {
      return;
    }
    const timer = window.setTimeout(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      window.clearTimeout(timer);
    };
  }, [secondsLeft, now]);

  /** Starts the wait again: the whole cooldown after a send, or `seconds` the server named. */
  const restart = (seconds?: number) => {
    const at = Date.now();
    setNow(at);
    setWaitUntil(at + (seconds ?? cooldown ?? 0) * 1000);
  };

  return { secondsLeft, restart };
}
