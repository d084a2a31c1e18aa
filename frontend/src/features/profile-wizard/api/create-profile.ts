import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';

type ProfileDraftBody = components['schemas']['ProfileDraftBody'];

/** `POST /api/profiles`: makes the signed-in user's profile. 409 when one exists, 422 naming a field. */
export function createProfile(draft: ProfileDraftBody) {
  return unwrap(api.POST('/api/profiles', { body: draft }));
}
