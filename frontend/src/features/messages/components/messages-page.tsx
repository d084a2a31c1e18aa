import { MessagesSquare } from 'lucide-react';
import { useConversations } from '@/features/messages/api/list-conversations';
import { ConversationList } from '@/features/messages/components/conversation-list';
import { LiveDebugPanel } from '@/features/messages/components/live-debug-panel';
import { MESSAGES_FRAME, MESSAGES_PAGE } from '@/features/messages/components/messages-skeleton';
import { PaneMessage } from '@/features/messages/components/pane-message';
import { ThreadPane } from '@/features/messages/components/thread-pane';
import { OutboxProvider } from '@/features/messages/hooks/use-outbox';
import { useSelectedConversation } from '@/features/messages/hooks/use-selected-conversation';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/cn';

export const SELECT_CONVERSATION = 'Selecteer een gesprek';

/**
 * `/berichten`: the inbox on the left and the open conversation on the right; on small screens
 * one of the two at a time.
 */
export function MessagesPage() {
  useDocumentTitle('Berichten');
  const { selectedId, select } = useSelectedConversation();
  const { data } = useConversations();
  const selected = data?.conversations.find((conversation) => conversation.id === selectedId);

  // The frame of every page holds the outbox already; this one counts when the page is shown
  // without it.
  return (
    <OutboxProvider>
      <div className={MESSAGES_PAGE}>
        <h1 className="sr-only">Berichten</h1>
        <div className={MESSAGES_FRAME}>
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
    </OutboxProvider>
  );
}
