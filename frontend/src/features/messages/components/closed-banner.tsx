import { Info, TriangleAlert } from 'lucide-react';
import { contact } from '@/config/contact';
import type { components } from '@/lib/api/openapi';
import { cn } from '@/lib/cn';

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
  // A moderator suspended the other person: a warning, with where to tell us what happened.
  const warning = closed?.reason === 'suspended';
  const Icon = warning ? TriangleAlert : Info;
  return (
    <div
      role="status"
      className={cn(
        'flex gap-3 border-t px-4 py-3 text-sm',
        warning
          ? 'border-amber-300 bg-amber-50 text-stone-800'
          : 'border-stone-200 bg-white text-stone-700',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('mt-0.5 size-5 shrink-0', warning ? 'text-amber-800' : 'text-teal-800')}
      />
      <div className="flex flex-col gap-1">
        {closed && (
          <>
            <p className="font-semibold text-stone-900">{closed.notice}</p>
            <p>{closed.explanation}</p>
            {warning && (
              <p>
                Mail ons op{' '}
                <a
                  href={`mailto:${contact.email}`}
                  className="font-semibold text-teal-800 underline"
                >
                  {contact.email}
                </a>
                .
              </p>
            )}
          </>
        )}
        {refusal && <p className="font-semibold text-stone-900">{refusal}</p>}
      </div>
    </div>
  );
}
