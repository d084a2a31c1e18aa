import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { idempotencyHeader } from '@/lib/api/idempotency';
import type { components } from '@/lib/api/openapi';

export type StartConversationBody = components['schemas']['StartConversation'];

/**
 * `POST /api/conversations`: starts a conversation with a sitter or a pet's owner (or finds the
 * one that exists for that pair and pet), under the idempotency key of this start. Resolves to
 * its id, or null when the answer lacks one.
 */
export async function startConversation(
  body: StartConversationBody,
  idempotencyKey: string,
): Promise<number | null> {
  // Checked at run time: an answer without an id is a failure of its own, not a conversation.
  const started: unknown = await unwrap(
    api.POST('/api/conversations', { params: { header: idempotencyHeader(idempotencyKey) }, body }),
  );
  const id =
    typeof started === 'object' && started !== null && 'conversationId' in started
      ? started.conversationId
      : null;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}
