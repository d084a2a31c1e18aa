import { Fragment } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { MessageItem } from '@/features/messages/api/get-thread';
import { MessageBubble } from '@/features/messages/components/message-bubble';
import { dayLabel, sameDay } from '@/features/messages/format-time';
import { useNow } from '@/features/messages/hooks/use-now';

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

/** The thread itself: a way to older messages, then each day under its separator. */
export function MessageTimeline({
  messages,
  author,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: {
  messages: MessageItem[];
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
    </div>
  );
}
