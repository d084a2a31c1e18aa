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

/** Two slashes or a slash and a backslash: what a browser reads as the start of another site. */
const ANOTHER_SITE = /^\/[/\\]/;

/** Control characters (tabs and newlines among them), which the address parser silently drops. */
const CONTROL = /\p{Cc}/u;

/** How often a path is unwrapped from percent-encoding before it counts as what it says. */
const DECODINGS = 4;

/**
 * The path with its percent-encoding undone, as often as it still changes (within
 * {@link DECODINGS}); null when it is not valid percent-encoding.
 */
function decoded(path: string): string | null {
  let current = path;
  for (let round = 0; round < DECODINGS; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * A path on this site to return to, or null. The raw text is resolved against this site's own
 * origin and only the resolved path, query and fragment are returned, never the raw text: the
 * parser turns '/..//evil.example' into '//evil.example' and drops tabs and newlines, so checking
 * the raw text alone lets another site through. Kept only when the resolved origin is this one
 * and the path starts with one slash, also once its percent-encoding is undone ('/%2F%2Fevil'
 * would be read as '//evil' by whatever decodes it next). Backslashes and control characters
 * never belong in a path this site makes, so they are refused outright; so are the
 * sign-in pages themselves.
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.includes('\\') || CONTROL.test(raw)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) {
    return null;
  }
  const path = url.pathname;
  const plain = decoded(path);
  if (
    !path.startsWith('/') ||
    ANOTHER_SITE.test(path) ||
    plain === null ||
    ANOTHER_SITE.test(plain) ||
    plain.includes('\\') ||
    SIGN_IN_PAGES.includes(path)
  ) {
    return null;
  }
  return `${path}${url.search}${url.hash}`;
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
