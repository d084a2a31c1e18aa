import { ArrowLeft, PawPrint } from 'lucide-react';
import { Link } from 'react-router';
import { TrustActions } from '@/components/trust/trust-actions';
import { paths } from '@/config/paths';
import type { ConversationSummary } from '@/features/messages/api/list-conversations';
import { ConversationAvatar } from '@/features/messages/components/conversation-avatar';

export const BACK_TO_CONVERSATIONS = 'Terug naar gesprekken';

/**
 * Above the thread: the way back (small screens), who it is with, the pet and whether online.
 * A closed conversation shows neither presence nor 'Melden' and 'Blokkeren'.
 */
export function ThreadHeader({
  conversation,
  closed,
  onBack,
}: {
  conversation: ConversationSummary | undefined;
  closed: boolean;
  onBack: () => void;
}) {
  return (
    <div className="flex items-center gap-3 border-b border-stone-200 bg-white px-3 py-3 sm:px-4">
      <button
        type="button"
        aria-label={BACK_TO_CONVERSATIONS}
        title={BACK_TO_CONVERSATIONS}
        onClick={onBack}
        className="flex size-10 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 md:hidden"
      >
        <ArrowLeft aria-hidden="true" className="size-5" />
      </button>
      {conversation && (
        <>
          <ConversationAvatar
            name={conversation.name}
            avatarUrl={conversation.avatarUrl}
            petName={conversation.petName}
            petAvatarUrl={conversation.petAvatarUrl}
            isOnline={false}
            size="sm"
          />
          {/* Nothing cut off on a narrow phone: the name and the pet wrap instead. */}
          <div className="flex min-w-0 flex-col">
            <h2 className="text-lg font-bold break-words text-stone-900">{conversation.name}</h2>
            <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
              {conversation.isOnline && !closed ? (
                <span className="inline-flex items-center gap-1.5 font-semibold text-green-800">
                  <span aria-hidden="true" className="size-2 rounded-full bg-green-600" />
                  Online
                </span>
              ) : null}
              {conversation.petName && conversation.petId != null && (
                <Link
                  to={paths.pet(conversation.petId)}
                  className="inline-flex max-w-full min-w-0 items-center gap-1 font-semibold text-teal-800 hover:underline"
                >
                  <PawPrint aria-hidden="true" className="size-3.5 shrink-0" />
                  <span className="min-w-0 break-words">Over {conversation.petName}</span>
                </Link>
              )}
            </p>
          </div>
          {!closed && (
            <div className="ml-auto shrink-0">
              <TrustActions
                userId={conversation.otherUserId}
                name={conversation.name}
                conversationId={conversation.id}
                onBlocked={onBack}
                compact
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}
