import type { components } from '@/lib/api/openapi';

type SessionUser = components['schemas']['SessionUser'];
type ProfileLookup = components['schemas']['ProfileLookup'];

/** A canned answer: a status and an optional JSON body. */
export interface FakeResponse {
  status: number;
  body?: unknown;
  /** Response headers beyond Content-Type, e.g. Retry-After. */
  headers?: Record<string, string>;
  /** A body that is no JSON (a file), sent as given; its Content-Type goes in `headers`. */
  raw?: string | Uint8Array<ArrayBuffer>;
}

type Handler = (request: Request) => FakeResponse | Promise<FakeResponse>;

const notFound: FakeResponse = { status: 404, body: { error: 'Niet gevonden', code: 'not_found' } };

let handlers = new Map<string, Handler>();

/** Every request the app made in the current test. */
export const requests: Request[] = [];

/**
 * Answers `METHOD /path` with a fixed response or a function of the request. Unknown routes get
 * the backend's 404 envelope, as from the real server.
 */
export function onApi(route: string, answer: FakeResponse | Handler): void {
  handlers.set(route, typeof answer === 'function' ? answer : () => answer);
}

/** Signs a user in (or out, with null) and gives them the profile lookup given. */
export function fakeSession(user: SessionUser | null, lookup: ProfileLookup | null = null): void {
  // As the server answers a visitor: `null`, not an error.
  onApi('GET /api/users/me', { status: 200, body: user });
  if (user && lookup) {
    onApi(`GET /api/profiles/${user.id}`, { status: 200, body: lookup });
  }
}

export async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : new Request(input, init);
  requests.push(request);
  const { pathname } = new URL(request.url);
  const handler = handlers.get(`${request.method} ${pathname}`);
  const { status, body, headers = {}, raw } = handler ? await handler(request) : notFound;
  if (raw !== undefined) return new Response(raw, { status, headers });
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
  });
}

/** What `GET /api/site` answers unless a test says otherwise: Google sign-in configured. */
export const SITE_WITH_GOOGLE = {
  googleSignIn: true,
  organisation: 'Stichting Oppasmaatje',
  codeResendSeconds: 180,
};

export function resetFakeApi(): void {
  handlers = new Map();
  requests.length = 0;
  onApi('GET /api/site', { status: 200, body: SITE_WITH_GOOGLE });
}

/** A signed-in user as the backend describes one; override what a test is about. */
export function aUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    email: 'anna.jansen@example.nl',
    first_name: 'Anna',
    avatar_url: null,
    temporary: false,
    google_user_data: null,
    is_moderator: false,
    last_event: 0,
    ...overrides,
  };
}

resetFakeApi();
