import { Activity, Heart, MessageCircle, MessagesSquare, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RETRY } from '@/components/ui/load-error';
import { Loading, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { weekAgo } from '@/features/dashboard/api/activity';
import { useReceivedFavourites, type ReceivedFavourites } from '@/lib/favourites/favourites';
import { useConversations, type ConversationSummary } from '@/lib/messaging/list-conversations';

export const ACTIVITY_TITLE = 'Recente activiteit';
export const NO_ACTIVITY = 'Nog geen activiteit. Berichten en nieuwe contacten verschijnen hier.';
export const ACTIVITY_FAILED = 'Je recente activiteit kon niet worden geladen.';
/** At most this many lines; the box keeps room for them all, so it never grows while loading. */
export const MAX_ACTIVITY = 4;

/** 'Nieuw bericht van Lotte over Bobby' or '3 nieuwe berichten van Lotte'. */
export function unreadLine(conversation: ConversationSummary): string {
  const count = conversation.unreadCount;
  const what = count === 1 ? 'Nieuw bericht' : `${String(count)} nieuwe berichten`;
  const about = conversation.petName ? ` over ${conversation.petName}` : '';
  return `${what} van ${conversation.name}${about}`;
}

/** 'Gesprek met Lotte over Bobby': a conversation of the last week, all read. */
export function conversationLine(conversation: ConversationSummary): string {
  const about = conversation.petName ? ` over ${conversation.petName}` : '';
  return `Gesprek met ${conversation.name}${about}`;
}

/** '2 mensen bewaarden Bobby als favoriet deze week'; a sitter's own card is 'je profiel'. */
export function favouritesLine(card: ReceivedFavourites): string {
  const subject = card.listingId.startsWith('pet-') ? card.name : 'je profiel';
  return card.count === 1
    ? `1 persoon bewaarde ${subject} als favoriet deze week`
    : `${String(card.count)} mensen bewaarden ${subject} als favoriet deze week`;
}

/**
 * 'Recente activiteit' on the dashboard: unread messages per conversation, how many people kept
 * one's own cards as a favourite this week (never who), and the week's other conversations. `ready` false (the profile is still
 * being looked up) shows the box's skeleton.
 */
export function RecentActivity({ ready = true }: { ready?: boolean }) {
  return (
    <Card as="section" aria-labelledby="recent-activity" className="md:col-span-2 md:self-start">
      <h2 id="recent-activity" className="text-xl font-bold text-stone-900">
        {ACTIVITY_TITLE}
      </h2>
      {/* Room for every line there can be: the box has one height loading, empty and full. */}
      <div className="mt-4 flex min-h-[17.75rem] flex-col">
        {ready ? <ActivityState /> : <ActivitySkeleton />}
      </div>
    </Card>
  );
}

function ActivityState() {
  const [since] = useState(weekAgo);
  const conversations = useConversations();
  const favourites = useReceivedFavourites(since);
  if (conversations.isPending || favourites.isPending) {
    return <ActivitySkeleton />;
  }
  if (conversations.isError || favourites.isError) {
    return (
      <div className="flex grow flex-col items-center justify-center gap-3 text-center">
        <p role="alert" className="text-red-800">
          {ACTIVITY_FAILED}
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            if (conversations.isError) void conversations.refetch();
            if (favourites.isError) void favourites.refetch();
          }}
        >
          {RETRY}
        </Button>
      </div>
    );
  }
  const messages = conversations.data.conversations
    .filter((conversation) => conversation.unreadCount > 0)
    .map((conversation) => (
      <ActivityRow
        key={`gesprek-${String(conversation.id)}`}
        icon={MessageCircle}
        tone="bg-orange-100 text-orange-800"
        title={
          <Link
            to={`${paths.messages}?conversation=${String(conversation.id)}`}
            className="font-semibold text-teal-800 underline-offset-2 hover:underline"
          >
            {unreadLine(conversation)}
          </Link>
        }
        detail={conversation.lastMessage ?? ''}
      />
    ));
  // Conversations of the last week without unread messages: the talk going on, so that a
  // conversation one just answered is activity too.
  const recent = conversations.data.conversations
    .filter(
      (conversation) =>
        conversation.unreadCount === 0 &&
        !conversation.closed &&
        conversation.lastMessageTime != null &&
        Date.parse(conversation.lastMessageTime) >= Date.parse(since),
    )
    .map((conversation) => (
      <ActivityRow
        key={`gesprek-${String(conversation.id)}`}
        icon={MessagesSquare}
        tone="bg-teal-100 text-teal-800"
        title={
          <Link
            to={`${paths.messages}?conversation=${String(conversation.id)}`}
            className="font-semibold text-teal-800 underline-offset-2 hover:underline"
          >
            {conversationLine(conversation)}
          </Link>
        }
        detail={`${conversation.lastMessageIsOwn ? 'Jij: ' : ''}${conversation.lastMessage ?? ''}`}
      />
    ));
  const kept = favourites.data.map((card) => (
    <ActivityRow
      key={card.listingId}
      icon={Heart}
      tone="bg-rose-100 text-rose-800"
      title={<span className="font-semibold text-stone-900">{favouritesLine(card)}</span>}
      detail="Wie dat zijn, blijft privé."
    />
  ));
  const rows = [...messages, ...kept, ...recent].slice(0, MAX_ACTIVITY);
  if (rows.length === 0) {
    return (
      <div className="flex grow flex-col items-center justify-center gap-3 text-center text-stone-700">
        <span className="flex size-12 items-center justify-center rounded-full bg-stone-100 text-stone-600">
          <Activity aria-hidden="true" className="size-6" />
        </span>
        <p>{NO_ACTIVITY}</p>
      </div>
    );
  }
  return (
    <ul aria-label={ACTIVITY_TITLE} className="flex flex-col divide-y divide-stone-100">
      {rows}
    </ul>
  );
}

/** One line of activity: an icon, what happened and a line under it; always the same height. */
function ActivityRow({
  icon: Icon,
  tone,
  title,
  detail,
}: {
  icon: LucideIcon;
  tone: string;
  title: ReactNode;
  detail: string;
}) {
  return (
    <li className="flex h-[4.375rem] items-center gap-3">
      <span className={`flex size-10 shrink-0 items-center justify-center rounded-full ${tone}`}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="truncate">{title}</span>
        <span className="truncate text-sm text-stone-600">{detail}</span>
      </span>
    </li>
  );
}

function ActivitySkeleton() {
  return (
    <Loading label="Activiteit laden...">
      <ul className="flex flex-col divide-y divide-stone-100">
        {[0, 1].map((row) => (
          <li key={row} className="flex h-[4.375rem] items-center gap-3">
            <Skeleton className="size-10 shrink-0" />
            <span className="flex grow flex-col">
              <span className="flex h-6 items-center">
                <Skeleton inline className="w-3/4 max-w-72" />
              </span>
              <span className="flex h-5 items-center">
                <Skeleton inline className="w-1/2 max-w-48 text-sm" />
              </span>
            </span>
          </li>
        ))}
      </ul>
    </Loading>
  );
}
