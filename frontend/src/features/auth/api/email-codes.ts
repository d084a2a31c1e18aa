import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';

export type RegisterRequest = components['schemas']['RegisterRequest'];
export type VerifiedResponse = components['schemas']['VerifiedResponse'];

/**
 * The e-mail code calls: sign up, resend, sign in and verify. The server answers register,
 * resend and login the same way for every address; what applies to the address is in the mail
 * itself.
 */
export async function registerByEmail(body: RegisterRequest): Promise<string> {
  return (await unwrap(api.POST('/api/auth/email-register', { body }))).message;
}

/** Checks a registration code; a correct one signs the person in. */
export async function verifyEmail(email: string, code: string): Promise<VerifiedResponse> {
  return unwrap(api.POST('/api/auth/email-verify', { body: { email, code } }));
}

/** Asks for a login code by mail. */
export async function requestLoginCode(email: string): Promise<string> {
  return (await unwrap(api.POST('/api/auth/email-login', { body: { email } }))).message;
}

/** Checks a login code; a correct one signs the person in. */
export async function verifyLoginCode(email: string, code: string): Promise<VerifiedResponse> {
  return unwrap(api.POST('/api/auth/email-login-verify', { body: { email, code } }));
}

export type LinkInfo = components['schemas']['LinkInfoResponse'];

/** What a mail's sign-in link is for (the masked address), without using it. */
export async function emailLinkInfo(token: string): Promise<LinkInfo> {
  return unwrap(api.POST('/api/auth/email-link/info', { body: { token } }));
}

/** Signs in with a mail's one-time link; the link is spent. */
export async function signInWithEmailLink(token: string): Promise<VerifiedResponse> {
  return unwrap(api.POST('/api/auth/email-link', { body: { token } }));
}
