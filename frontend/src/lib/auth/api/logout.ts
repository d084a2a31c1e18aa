import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';

/** Ends the session on the server. A POST, so that no other site can sign a user out. */
export async function logout(): Promise<void> {
  await unwrap(api.POST('/api/logout'));
}
