import {
  Check,
  CheckCheck,
  TriangleAlert,
  Clock,
  RotateCw,
  ShieldCheck,
  Trash,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { MessageItem } from '@/features/messages/api/get-thread';
import { clockTime, fullDateTime } from '@/features/messages/format-time';
import { cn } from '@/lib/cn';
import type { UnsentMessage } from '@/lib/messaging/unsent';

/** Under a message with a phone number, an address, an account or a link, for both people. */
export const SAFETY_HINT =
  'Tip: houd het contact op Oppasmaatje tot je elkaar hebt ontmoet. Betaal nooit vooruit.';

/**
 * One message: own ones on the right in the warm colour with a read mark, the other person's
 * on the left. The text is shown as written, line breaks included.
 */
export function MessageBubble({ message, author }: { message: MessageItem; author: string }) {
  const sent = new Date(message.timestamp);
  const own = message.isOwn;
  return (
    <li className={cn('flex flex-col gap-1', own ? 'items-end' : 'items-start')}>
      <div
        className={cn(
          'flex max-w-[85%] min-w-0 flex-col gap-1 rounded-2xl px-4 py-2 shadow-sm sm:max-w-[70%]',
          own
            ? 'rounded-br-md bg-orange-700 text-white'
            : 'rounded-bl-md bg-white text-stone-900 ring-1 ring-stone-200',
        )}
      >
        <span className="sr-only">{own ? 'Jij' : author}:</span>
        <p className="break-words whitespace-pre-wrap">{message.text}</p>
        <span
          className={cn(
            'flex items-center gap-1 self-end text-xs',
            own ? 'text-orange-50' : 'text-stone-600',
          )}
        >
          <time dateTime={message.timestamp} title={fullDateTime(sent)}>
            {clockTime(sent)}
          </time>
          {own && <ReadMark read={message.isRead} />}
        </span>
      </div>
      {message.safetyHint && (
        <p className="flex max-w-[85%] items-start gap-1.5 text-sm text-stone-700 sm:max-w-[70%]">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-700" />
          {SAFETY_HINT}
        </p>
      )}
    </li>
  );
}

/** One tick when sent, two when the other person has read it. */
function ReadMark({ read }: { read: boolean }) {
  const Icon = read ? CheckCheck : Check;
  const label = read ? 'Gelezen' : 'Verzonden';
  return (
    <span title={label} className="inline-flex items-center">
      <Icon aria-hidden="true" className="size-4" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Under an own message the server does not have yet. */
export const SENDING = 'Wordt verstuurd...';
/** Under an own message the server refused or failed. */
export const NOT_SENT = 'Niet verstuurd.';
export const TRY_AGAIN = 'Opnieuw proberen';
export const REMOVE = 'Verwijderen';

/**
 * An own message the server does not have yet: on its way (also while offline), or not sent
 * with the reason and the choice to try again or to remove it. The state is a live status text,
 * so that a screen reader hears when it changes.
 */
export function UnsentBubble({
  message,
  reason,
  onRetry,
  onRemove,
}: {
  message: UnsentMessage;
  /** Why it was not sent; null to say nothing more than {@link NOT_SENT}. */
  reason: string | null;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const failed = message.failure !== null;
  return (
    <li className="flex flex-col items-end gap-1">
      <div
        className={cn(
          'flex max-w-[85%] min-w-0 flex-col gap-1 rounded-2xl rounded-br-md px-4 py-2 shadow-sm sm:max-w-[70%]',
          failed
            ? 'bg-white text-stone-900 ring-2 ring-red-700'
            : 'bg-orange-100 text-stone-900 ring-1 ring-orange-200',
        )}
      >
        <span className="sr-only">Jij:</span>
        <p className="break-words whitespace-pre-wrap">{message.text}</p>
        <p
          role="status"
          className={cn(
            'flex items-center gap-1 self-end text-xs',
            failed ? 'font-semibold text-red-800' : 'text-stone-700',
          )}
        >
          {failed ? (
            <>
              <TriangleAlert aria-hidden="true" className="size-4" />
              {NOT_SENT}
              {reason !== null && ` ${reason}`}
            </>
          ) : (
            <>
              <Clock aria-hidden="true" className="size-4" />
              {SENDING}
            </>
          )}
        </p>
      </div>
      {failed && (
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" onClick={onRetry}>
            <RotateCw aria-hidden="true" className="size-4" />
            {TRY_AGAIN}
          </Button>
          <Button size="sm" variant="ghost" onClick={onRemove}>
            <Trash aria-hidden="true" className="size-4" />
            {REMOVE}
          </Button>
        </div>
      )}
    </li>
  );
}
