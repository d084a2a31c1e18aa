import { PawPrint } from 'lucide-react';
import { Link } from 'react-router';
import type { ConversationSummary } from '@/features/messages/api/list-conversations';
import { ConversationAvatar } from '@/features/messages/components/conversation-avatar';
import { fullDateTime, relativeTime } from '@/features/messages/format-time';
import { conversationSearch } from '@/features/messages/hooks/use-selected-conversation';
import { cn } from '@/lib/cn';

/** One conversation in the inbox: who, about which pet, the last message, when, and unread. */
export function ConversationItem({
  conversation: c,
  selected,
  now,
}: {
  conversation: ConversationSummary;
  selected: boolean;
  now: Date;
}) {
  const unread = c.unreadCount > 0;
  const when = c.lastMessageTime ? new Date(c.lastMessageTime) : null;
  return (
    <Link
      to={conversationSearch(c.id)}
      aria-current={selected ? 'true' : undefined}
      className={cn(
        'flex items-start gap-3 px-4 py-3 transition-colors -outline-offset-3',
        selected
          ? 'bg-orange-50 shadow-[inset_4px_0_0_var(--color-orange-700)]'
          : 'hover:bg-stone-50',
      )}
    >
      <ConversationAvatar
        name={c.name}
        avatarUrl={c.avatarUrl}
        petName={c.petName}
        petAvatarUrl={c.petAvatarUrl}
        isOnline={c.isOnline}
      />
      <span className="flex min-w-0 grow flex-col gap-0.5">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate text-stone-900', unread ? 'font-bold' : 'font-semibold')}>
            {c.name}
          </span>
          {when && (
            <time
              dateTime={c.lastMessageTime ?? undefined}
              title={fullDateTime(when)}
              className="shrink-0 text-xs text-stone-600"
            >
              {relativeTime(when, now)}
            </time>
          )}
        </span>
        {c.petName && (
          <span className="flex min-w-0 items-center gap-1 text-sm text-teal-800">
            <PawPrint aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">{c.petName}</span>
          </span>
        )}
        <span className="flex items-center justify-between gap-2">
          <span
            className={cn(
              'truncate text-sm',
              unread ? 'font-semibold text-stone-900' : 'text-stone-600',
              c.lastMessage == null && 'italic',
            )}
          >
            {c.lastMessage == null
              ? 'Nog geen berichten'
              : `${c.lastMessageIsOwn ? 'Jij: ' : ''}${c.lastMessage}`}
          </span>
          {unread && (
            <span className="shrink-0 rounded-full bg-orange-700 px-2 py-0.5 text-xs font-bold text-white">
              {c.unreadCount}
              <span className="sr-only"> ongelezen</span>
            </span>
          )}
        </span>
      </span>
    </Link>
  );
}
