import { MessageCircle, Search, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { RETRY } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import {
  useConversations,
  type ConversationSummary,
} from '@/features/messages/api/list-conversations';
import { ConversationItem } from '@/features/messages/components/conversation-item';
import { ConversationRowsSkeleton } from '@/features/messages/components/messages-skeleton';
import { PaneMessage } from '@/features/messages/components/pane-message';
import { useNow } from '@/features/messages/hooks/use-now';

export const NO_CONVERSATIONS =
  'Nog geen gesprekken. Start een gesprek door een bericht te sturen naar een profiel!';
export const NOTHING_FOUND = 'Geen berichten gevonden';

/** Whether a conversation fits the search: its name or pet name, in any case. */
export function matchesSearch(conversation: ConversationSummary, term: string): boolean {
  const wanted = term.trim().toLocaleLowerCase('nl');
  if (wanted === '') return true;
  return [conversation.name, conversation.petName].some((text) =>
    text?.toLocaleLowerCase('nl').includes(wanted),
  );
}

/** The left pane: search and the conversations, newest activity first. */
export function ConversationList({ selectedId }: { selectedId: number | null }) {
  const headingId = useId();
  const [term, setTerm] = useState('');
  return (
    <section aria-labelledby={headingId} className="flex min-h-0 grow flex-col">
      <div className="flex flex-col gap-3 border-b border-stone-200 p-4">
        <h2 id={headingId} className="text-lg font-bold text-stone-900">
          Gesprekken
        </h2>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
          />
          <input
            type="search"
            aria-label="Zoek in berichten"
            placeholder="Zoek in berichten..."
            value={term}
            onChange={(event) => {
              setTerm(event.target.value);
            }}
            className="w-full rounded-full bg-stone-50 py-2 pr-4 pl-9 text-base text-stone-900 ring-1 ring-stone-300 ring-inset placeholder:text-stone-500"
          />
        </div>
      </div>
      <div className="relative min-h-0 grow overflow-y-auto">
        <Conversations term={term} selectedId={selectedId} />
      </div>
    </section>
  );
}

function Conversations({ term, selectedId }: { term: string; selectedId: number | null }) {
  const conversations = useConversations();
  const now = useNow();

  if (conversations.isPending) {
    return <ConversationRowsSkeleton />;
  }
  if (conversations.isError) {
    return (
      <PaneMessage icon={TriangleAlert} title="Oeps, er ging iets mis" role="alert">
        <p>Er ging iets mis bij het laden van je gesprekken.</p>
        <Button
          size="sm"
          onClick={() => {
            void conversations.refetch();
          }}
        >
          {RETRY}
        </Button>
      </PaneMessage>
    );
  }

  const all = conversations.data.conversations;
  if (all.length === 0) {
    return (
      <PaneMessage icon={MessageCircle} title={NO_CONVERSATIONS}>
        <Link to={paths.profiles} className={buttonStyles({ size: 'sm' })}>
          Profielen bekijken
        </Link>
      </PaneMessage>
    );
  }
  const shown = all.filter((conversation) => matchesSearch(conversation, term));
  if (shown.length === 0) {
    return <PaneMessage icon={Search} title={NOTHING_FOUND} role="status" />;
  }
  return (
    <ul className="divide-y divide-stone-100">
      {shown.map((conversation) => (
        <li key={conversation.id}>
          <ConversationItem
            conversation={conversation}
            selected={conversation.id === selectedId}
            now={now}
          />
        </li>
      ))}
    </ul>
  );
}
