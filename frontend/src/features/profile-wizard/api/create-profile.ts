import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { idempotencyHeader } from '@/lib/api/idempotency';
import type { components } from '@/lib/api/openapi';

type ProfileDraftBody = components['schemas']['ProfileDraftBody'];

/**
 * `POST /api/profiles`: makes the signed-in user's profile, once per `key` (a repeat gets the
 * first answer). 409 when one exists, 422 naming a field.
 */
export function createProfile(draft: ProfileDraftBody, key: string) {
  return unwrap(
    api.POST('/api/profiles', { params: { header: idempotencyHeader(key) }, body: draft }),
  );
}
