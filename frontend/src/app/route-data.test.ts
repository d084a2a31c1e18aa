import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeData } from '@/app/route-data';
import { createQueryClient } from '@/lib/query-client';
import { aUser, fakeSession, onApi, requests } from '@/testing/fake-api';

/** What a loader gets for an address and its route's params. */
function args(path: string, params: Record<string, string> = {}): LoaderFunctionArgs {
  const url = new URL(`http://localhost${path}`);
  return { request: new Request(url), url, pattern: '', params, context: undefined };
}

/** The API paths (with their queries) asked for so far, once each, in order. */
async function asked(queryClient: QueryClient): Promise<string[]> {
  await new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
  // Let every started read, and what it starts in turn, finish.
  while (queryClient.isFetching() > 0) {
    await new Promise((resolve) => {
      setTimeout(resolve, 5);
    });
  }
  return [
    ...new Set(
      requests.map((request) => {
        const url = new URL(request.url);
        return `${url.pathname}${url.search}`;
      }),
    ),
  ];
}

describe('routeData', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for the pet page and the map settings at once, reading the id as the page does', async () => {
    onApi('GET /api/pets/5', { status: 404, body: { error: 'x', code: 'not_found' } });
    onApi('GET /api/map', { status: 200, body: { tileUrl: null, attribution: '' } });
    const queryClient = createQueryClient();

    expect(routeData(queryClient).pet(args('/huisdier/pet-5', { petId: 'pet-5' }))).toBeNull();

    expect(await asked(queryClient)).toEqual(['/api/map', '/api/pets/5']);
  });

  it('asks for no profile when the address holds no valid id', async () => {
    const queryClient = createQueryClient();

    routeData(queryClient).owner(args('/eigenaar/0', { ownerId: '0' }));
    routeData(queryClient).volunteer(args('/vrijwilliger/pet-3', { volunteerId: 'pet-3' }));

    expect(await asked(queryClient)).toEqual(['/api/map']);
  });

  it('asks for the results page of the address, with its filters', async () => {
    const queryClient = createQueryClient();

    routeData(queryClient).browse(args('/profielen?type=huisdier&q=%20kat%20&page=2&x=1'));

    const [list] = await asked(queryClient);
    const query = new URL(`http://localhost${list ?? ''}`);
    expect(query.pathname).toBe('/api/profiles');
    expect(Object.fromEntries(query.searchParams)).toMatchObject({
      type: 'huisdier',
      q: 'kat',
      page: '2',
    });
    expect(query.searchParams.has('x')).toBe(false);
  });

  it('looks up the profile of whoever is signed in, and nothing more for a visitor', async () => {
    const user = aUser({ id: 7 });
    fakeSession(user, null);
    const signedIn = createQueryClient();
    routeData(signedIn).session();
    expect(await asked(signedIn)).toEqual(['/api/users/me', '/api/profiles/7']);

    requests.length = 0;
    fakeSession(null);
    const visitor = createQueryClient();
    routeData(visitor).messages();
    expect(await asked(visitor)).toEqual(['/api/users/me']);
  });

  it('asks for the inbox of someone signed in, and nothing again while the answers are fresh', async () => {
    fakeSession(aUser({ id: 7 }), null);
    onApi('GET /api/conversations', { status: 200, body: { conversations: [] } });
    const queryClient = createQueryClient();
    const data = routeData(queryClient);

    data.messages();
    await asked(queryClient);
    data.messages();
    await asked(queryClient);

    // Both answers are still fresh the second time: nothing is asked again.
    const paths = requests.map((request) => new URL(request.url).pathname);
    expect(paths).toEqual(['/api/users/me', '/api/conversations']);
  });

  it('asks for all the dashboard shows, the week of favourites as its box asks, and nothing for a visitor', async () => {
    // Within one minute whatever the moment of the run: the box's week starts at a whole minute.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T12:00:30Z') });
    fakeSession(aUser({ id: 7 }), null);
    const queryClient = createQueryClient();

    expect(routeData(queryClient).dashboard()).toBeNull();

    const paths = await asked(queryClient);
    expect([...paths].sort()).toEqual(
      [
        '/api/users/me',
        '/api/unread',
        '/api/favourites',
        '/api/views',
        `/api/favourites/received?since=${encodeURIComponent('2026-11-20T12:00:00.000Z')}`,
        '/api/conversations',
        '/api/users/me/settings',
        '/api/appointments',
      ].sort(),
    );

    requests.length = 0;
    fakeSession(null);
    const visitor = createQueryClient();
    routeData(visitor).dashboard();
    expect(await asked(visitor)).toEqual(['/api/users/me']);
  });
});
