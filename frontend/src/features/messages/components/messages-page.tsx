import { MessagesSquare } from 'lucide-react';
import { useConversations } from '@/features/messages/api/list-conversations';
import { ConversationList } from '@/features/messages/components/conversation-list';
import { LiveDebugPanel } from '@/features/messages/components/live-debug-panel';
import { PaneMessage } from '@/features/messages/components/pane-message';
import { ThreadPane } from '@/features/messages/components/thread-pane';
import { useSelectedConversation } from '@/features/messages/hooks/use-selected-conversation';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/cn';

export const SELECT_CONVERSATION = 'Selecteer een gesprek';

/**
 * `/berichten`: the inbox on the left and the open conversation on the right; on small screens
 * one of the two at a time (spec section 2, "Messages").
 */
export function MessagesPage() {
  useDocumentTitle('Berichten');
  const { selectedId, select } = useSelectedConversation();
  const { data } = useConversations();
  const selected = data?.conversations.find((conversation) => conversation.id === selectedId);

  return (
    <div className="bg-gradient-to-b from-orange-50 to-stone-50 px-2 py-4 sm:px-6 sm:py-6">
      <h1 className="sr-only">Berichten</h1>
      <div className="mx-auto grid h-[calc(100vh-10rem)] min-h-96 max-w-6xl grid-cols-1 overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-stone-200/80 md:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
        <div
          className={cn(
            'min-h-0 min-w-0 flex-col border-stone-200 md:flex md:border-r',
            selectedId === null ? 'flex' : 'hidden',
          )}
        >
          <ConversationList selectedId={selectedId} />
        </div>
        <div
          className={cn(
            'min-h-0 min-w-0 flex-col md:flex',
            selectedId === null ? 'hidden' : 'flex',
          )}
        >
          {selectedId === null ? (
            <PaneMessage icon={MessagesSquare} title={SELECT_CONVERSATION}>
              <p>Kies links een gesprek om de berichten te lezen.</p>
            </PaneMessage>
          ) : (
            <ThreadPane
              key={selectedId}
              conversationId={selectedId}
              conversation={selected}
              onBack={() => {
                select(null);
              }}
            />
          )}
        </div>
      </div>
      {import.meta.env.DEV && <LiveDebugPanel />}
    </div>
  );
}
