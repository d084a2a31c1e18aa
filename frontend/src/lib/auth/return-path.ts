import { paths } from '@/config/paths';

/** The query parameter of the sign-in and sign-up pages that names where to go afterwards. */
export const RETURN_PARAM = 'next';

const REMEMBERED_KEY = 'oppas.returnTo';

/** Pages that make no sense to return to once signed in. */
const SIGN_IN_PAGES: readonly string[] = [
  paths.login,
  paths.register,
  paths.emailRegister,
  paths.emailVerification,
  paths.authCallback,
];

/**
 * A path on this site to return to, or null. Only a local path is accepted ('/huisdier/3?x=1'),
 * never another site ('//evil.example', 'https://…', '/\\evil.example') nor a sign-in page.
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.startsWith('/') || /^\/[/\\]/.test(raw)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin || SIGN_IN_PAGES.includes(url.pathname)) {
    return null;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /inloggen, coming back to `returnTo` after signing in. */
export function loginPathReturningTo(returnTo: string): string {
  return returningTo(paths.login, returnTo);
}

/** A sign-in or sign-up page (`path`, maybe with a query) that leads on to `returnTo`, if any. */
export function returningTo(path: string, returnTo: string | null): string {
  if (returnTo === null) return path;
  const url = new URL(path, 'http://here');
  url.searchParams.set(RETURN_PARAM, returnTo);
  return `${url.pathname}${url.search}`;
}

/** The safe return path a sign-in or sign-up page was given, or null. */
export function returnPathIn(search: URLSearchParams): string | null {
  return safeReturnPath(search.get(RETURN_PARAM));
}

/**
 * Keeps the return path across a sign-in at another site (Google), or forgets an earlier one
 * when there is none. Read once by {@link takeRememberedReturnPath}.
 */
export function rememberReturnPath(returnTo: string | null): void {
  try {
    if (returnTo === null) {
      window.sessionStorage.removeItem(REMEMBERED_KEY);
    } else {
      window.sessionStorage.setItem(REMEMBERED_KEY, returnTo);
    }
  } catch {
    // Storage may be unavailable (private mode); the dashboard is then the way in.
  }
}

/** The remembered return path, checked again and forgotten. */
export function takeRememberedReturnPath(): string | null {
  try {
    const remembered = window.sessionStorage.getItem(REMEMBERED_KEY);
    window.sessionStorage.removeItem(REMEMBERED_KEY);
    return safeReturnPath(remembered);
  } catch {
    return null;
  }
}
