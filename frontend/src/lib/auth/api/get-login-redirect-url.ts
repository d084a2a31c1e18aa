import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';

/** The identity providers the backend can send a user to. */
export type LoginProvider = 'google';

/**
 * Where to send the browser to sign in with a provider. Asked anew for every attempt (never
 * cached): the address carries a one-time state the server checks on return. The backend answers
 * 503 while the provider is not configured. Anything but a web address is refused.
 */
export async function getLoginRedirectUrl(provider: LoginProvider): Promise<string> {
  const { redirectUrl } = await unwrap(
    api.GET('/api/oauth/{provider}/redirect_url', { params: { path: { provider } } }),
  );
  // Only a web address may be followed: a javascript: URL would run inside this site.
  const { protocol } = new URL(redirectUrl, window.location.href);
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new Error(`Refusing to follow a ${protocol} login redirect`);
  }
  return redirectUrl;
}
