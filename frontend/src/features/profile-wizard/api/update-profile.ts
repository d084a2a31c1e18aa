import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';

type ProfileDraftBody = components['schemas']['ProfileDraftBody'];

/** `PUT /api/profiles/{userId}`: replaces the signed-in user's own profile with the whole draft. */
export function updateProfile(userId: number, draft: ProfileDraftBody) {
  return unwrap(api.PUT('/api/profiles/{userId}', { params: { path: { userId } }, body: draft }));
}
