import { MessagesSquare, SearchX, TriangleAlert } from 'lucide-react';
import { useCallback } from 'react';
import { Button } from '@/components/ui/button';
import { RETRY } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { messagesOf, useThread } from '@/features/messages/api/get-thread';
import type { ConversationSummary } from '@/features/messages/api/list-conversations';
import { Composer } from '@/features/messages/components/composer';
import { MessageTimeline } from '@/features/messages/components/message-timeline';
import { PaneMessage } from '@/features/messages/components/pane-message';
import { ThreadHeader } from '@/features/messages/components/thread-header';
import { useMarkReadWhileOpen } from '@/features/messages/hooks/use-mark-read-while-open';
import { useThreadScroll } from '@/features/messages/hooks/use-thread-scroll';
import { ApiError } from '@/lib/api/api-error';

export const EMPTY_THREAD = 'Nog geen berichten in dit gesprek';

/** The right pane: one conversation with its messages and the box to write in. */
export function ThreadPane({
  conversationId,
  conversation,
  onBack,
}: {
  conversationId: number;
  /** From the inbox; undefined while it loads. */
  conversation: ConversationSummary | undefined;
  onBack: () => void;
}) {
  const thread = useThread(conversationId);
  const messages = thread.data ? messagesOf(thread.data) : undefined;
  useMarkReadWhileOpen(conversationId, messages, conversation?.unreadCount ?? 0);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = thread;
  const loadOlder = useCallback(() => {
    void fetchNextPage();
  }, [fetchNextPage]);
  const name = conversation?.name ?? 'de ander';
  const notFound = thread.error instanceof ApiError && thread.error.status === 404;

  return (
    <div className="flex min-h-0 grow flex-col bg-stone-50">
      <ThreadHeader conversation={conversation} onBack={onBack} />
      {thread.isPending ? (
        <div className="flex grow items-center justify-center text-stone-700">
          <Spinner label="Berichten laden..." className="text-orange-700" />
        </div>
      ) : thread.isError ? (
        notFound ? (
          <PaneMessage icon={SearchX} title="Gesprek niet gevonden" role="alert">
            <p>Dit gesprek bestaat niet of is niet van jou.</p>
          </PaneMessage>
        ) : (
          <PaneMessage icon={TriangleAlert} title="Oeps, er ging iets mis" role="alert">
            <p>Er ging iets mis bij het laden van de berichten.</p>
            <Button
              size="sm"
              onClick={() => {
                void thread.refetch();
              }}
            >
              {RETRY}
            </Button>
          </PaneMessage>
        )
      ) : (
        <>
          <ThreadBody
            messages={messages ?? []}
            author={name}
            hasOlder={hasNextPage}
            loadingOlder={isFetchingNextPage}
            onLoadOlder={loadOlder}
          />
          {conversation?.closedNotice ? (
            <p
              role="status"
              className="border-t border-stone-200 bg-white px-4 py-3 text-sm text-stone-700"
            >
              {conversation.closedNotice}
            </p>
          ) : (
            <Composer conversationId={conversationId} recipient={name} />
          )}
        </>
      )}
    </div>
  );
}

function ThreadBody({
  messages,
  author,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: {
  messages: ReturnType<typeof messagesOf>;
  author: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}) {
  const { ref, onScroll } = useThreadScroll({
    messages,
    canLoadOlder: hasOlder && !loadingOlder,
    loadOlder: onLoadOlder,
  });
  if (messages.length === 0) {
    return (
      <div className="grow">
        <PaneMessage icon={MessagesSquare} title={EMPTY_THREAD} role="status">
          <p>Stuur het eerste bericht aan {author}.</p>
        </PaneMessage>
      </div>
    );
  }
  return (
    <div
      ref={ref}
      role="log"
      aria-label={`Berichten met ${author}`}
      // Scrollable by keyboard too.
      tabIndex={0}
      onScroll={onScroll}
      // Positioned, so that text for screen readers scrolls and clips with the messages.
      className="relative min-h-0 grow overflow-y-auto [overflow-anchor:none]"
    >
      <MessageTimeline
        messages={messages}
        author={author}
        hasOlder={hasOlder}
        loadingOlder={loadingOlder}
        onLoadOlder={onLoadOlder}
      />
    </div>
  );
}
