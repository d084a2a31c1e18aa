import { Fragment } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { MessageItem } from '@/features/messages/api/get-thread';
import { MessageBubble, UnsentBubble } from '@/features/messages/components/message-bubble';
import { dayLabel, sameDay } from '@/features/messages/format-time';
import { useNow } from '@/features/messages/hooks/use-now';
import type { UnsentMessage } from '@/lib/messaging/unsent';

/** Messages grouped by day, oldest first. */
interface Day {
  label: string;
  key: string;
  messages: MessageItem[];
}

function byDay(messages: MessageItem[], now: Date): Day[] {
  const days: Day[] = [];
  let current: { date: Date; day: Day } | null = null;
  for (const message of messages) {
    const date = new Date(message.timestamp);
    if (current === null || !sameDay(current.date, date)) {
      current = {
        date,
        day: { label: dayLabel(date, now), key: date.toDateString(), messages: [] },
      };
      days.push(current.day);
    }
    current.day.messages.push(message);
  }
  return days;
}

/** What the thread shows of the own messages the server does not have yet. */
export interface UnsentView {
  messages: readonly UnsentMessage[];
  /** Why one was not sent, beyond 'Niet verstuurd.'; null for nothing more. */
  reasonOf: (message: UnsentMessage) => string | null;
  onRetry: (key: string) => void;
  onRemove: (key: string) => void;
}

/**
 * The thread itself: a way to older messages, then each day under its separator, then the own
 * messages still on their way (or not sent).
 */
export function MessageTimeline({
  messages,
  unsent,
  author,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: {
  messages: MessageItem[];
  unsent: UnsentView;
  /** The other person's name, for screen readers. */
  author: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}) {
  const now = useNow();
  return (
    <div className="flex flex-col gap-4 px-4 py-4 sm:px-6">
      {hasOlder && (
        <div className="flex justify-center">
          <Button variant="secondary" size="sm" disabled={loadingOlder} onClick={onLoadOlder}>
            {loadingOlder ? <Spinner /> : null}
            {loadingOlder ? 'Oudere berichten laden...' : 'Oudere berichten laden'}
          </Button>
        </div>
      )}
      {byDay(messages, now).map((day) => (
        <Fragment key={day.key}>
          <h3 className="flex items-center gap-3 text-xs font-semibold text-stone-600 before:h-px before:grow before:bg-stone-200 after:h-px after:grow after:bg-stone-200">
            {day.label}
          </h3>
          <ol className="flex flex-col gap-2">
            {day.messages.map((message) => (
              <MessageBubble key={message.id} message={message} author={author} />
            ))}
          </ol>
        </Fragment>
      ))}
      {unsent.messages.length > 0 && (
        <ol className="flex flex-col gap-2" aria-label="Nog niet verstuurd">
          {unsent.messages.map((message) => (
            <UnsentBubble
              key={message.writtenAt + message.text}
              message={message}
              reason={unsent.reasonOf(message)}
              onRetry={() => {
                unsent.onRetry(message.key);
              }}
              onRemove={() => {
                unsent.onRemove(message.key);
              }}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
