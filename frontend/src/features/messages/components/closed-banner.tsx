import { Info } from 'lucide-react';
import type { components } from '@/lib/api/openapi';

export type ConversationClosed = components['schemas']['ConversationClosed'];

/**
 * In place of the box to write in when a conversation takes no new messages: a calm notice of
 * why (the server words it for its viewer), and what a send that was just refused said.
 */
export function ClosedBanner({
  closed,
  refusal,
}: {
  closed: ConversationClosed | null;
  refusal: string | null;
}) {
  return (
    <div
      role="status"
      className="flex gap-3 border-t border-stone-200 bg-white px-4 py-3 text-sm text-stone-700"
    >
      <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-800" />
      <div className="flex flex-col gap-1">
        {closed && (
          <>
            <p className="font-semibold text-stone-900">{closed.notice}</p>
            <p>{closed.explanation}</p>
          </>
        )}
        {refusal && <p className="font-semibold text-stone-900">{refusal}</p>}
      </div>
    </div>
  );
}
