import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';

/** The identity providers the backend can send a user to. */
export type LoginProvider = 'google';

/**
 * Where to send the browser to sign in with a provider. Asked anew for every attempt (never
 * cached): the address carries a one-time state the server checks on return. The backend answers
 * 503 while the provider is not configured.
 */
export async function getLoginRedirectUrl(provider: LoginProvider): Promise<string> {
  const { redirectUrl } = await unwrap(
    api.GET('/api/oauth/{provider}/redirect_url', { params: { path: { provider } } }),
  );
  return redirectUrl;
}
