import { MessagesSquare, SearchX, TriangleAlert } from 'lucide-react';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { RETRY } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { AppointmentsBar } from '@/features/appointments/components/appointments-bar';
import { messagesOf, useThread } from '@/features/messages/api/get-thread';
import type { ConversationSummary } from '@/features/messages/api/list-conversations';
import { ClosedBanner } from '@/features/messages/components/closed-banner';
import { Composer } from '@/features/messages/components/composer';
import { MessageTimeline, type UnsentView } from '@/features/messages/components/message-timeline';
import { PaneMessage } from '@/features/messages/components/pane-message';
import { ThreadHeader } from '@/features/messages/components/thread-header';
import { useMarkReadWhileOpen } from '@/features/messages/hooks/use-mark-read-while-open';
import { useUnsent } from '@/features/messages/hooks/use-outbox';
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
  // The thread's newest page and the inbox both say whether it is closed; whichever learned it
  // first (after a live event) wins. A refused send closes it at once, before either knows.
  const closed = thread.data?.pages[0]?.closed ?? conversation?.closed ?? null;
  const { unsent, retry, remove } = useUnsent(conversationId);
  // A message refused because the conversation closed meanwhile closes it here at once, with
  // the server's words, before the inbox or the thread say so.
  const refusal = unsent.find((message) => message.failure?.status === 403)?.failure?.text ?? null;
  const unsentView: UnsentView = {
    messages: unsent,
    // The refusal that closed the conversation is told above the box already.
    reasonOf: (message) =>
      message.failure === null || message.failure.status === 403 ? null : message.failure.text,
    onRetry: retry,
    onRemove: remove,
  };

  return (
    // The afspraken above the messages take the room they need (what is open is never hidden in
    // a box of its own); should they and the messages not fit, the pane scrolls as a whole.
    <div className="flex min-h-0 grow flex-col overflow-y-auto bg-stone-50">
      <ThreadHeader
        conversation={conversation}
        closed={closed !== null || refusal !== null}
        onBack={onBack}
      />
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
          <AppointmentsBar
            conversationId={conversationId}
            open={closed === null && refusal === null}
            otherName={name}
            otherUserId={conversation?.otherUserId}
            petId={conversation?.petId ?? null}
          />
          <ThreadBody
            messages={messages ?? []}
            unsent={unsentView}
            author={name}
            hasOlder={hasNextPage}
            loadingOlder={isFetchingNextPage}
            onLoadOlder={loadOlder}
          />
          {closed !== null || refusal !== null ? (
            <ClosedBanner closed={closed} refusal={refusal} />
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
  unsent,
  author,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: {
  messages: ReturnType<typeof messagesOf>;
  unsent: UnsentView;
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
  // A message just written shows at the bottom, in view.
  const unsentCount = unsent.messages.length;
  const shownUnsent = useRef(unsentCount);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element !== null && unsentCount > shownUnsent.current) {
      element.scrollTop = element.scrollHeight;
    }
    shownUnsent.current = unsentCount;
  }, [ref, unsentCount]);
  if (messages.length === 0 && unsentCount === 0) {
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
      // At least a few messages tall, beside however many afspraken are open.
      className="relative min-h-48 grow basis-0 overflow-y-auto [overflow-anchor:none]"
    >
      <MessageTimeline
        messages={messages}
        unsent={unsent}
        author={author}
        hasOlder={hasOlder}
        loadingOlder={loadingOlder}
        onLoadOlder={onLoadOlder}
      />
    </div>
  );
}
