import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useSaveProfile, type SaveProfileInput } from '@/features/profile-wizard/api/save-profile';
import { toDraft, emptyValues, NOTHING_KEPT } from '@/features/profile-wizard/profile-form';
import { onApi } from '@/testing/fake-api';
import { aVolunteerLookup } from '@/testing/profiles';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The wizard's save hook, with the keys of every `POST /api/profiles` it sends. */
function saving(answers: (attempt: number) => { status: number; body: unknown }) {
  const keys: (string | null)[] = [];
  onApi('POST /api/profiles', (request) => {
    keys.push(request.headers.get('Idempotency-Key'));
    return answers(keys.length);
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useSaveProfile(), { wrapper });
  const save = (input: SaveProfileInput) => act(() => result.current.mutateAsync(input));
  /** Two submits before React renders again (a double click). */
  const saveTwice = (input: SaveProfileInput) =>
    act(() => {
      const { mutateAsync } = result.current;
      return Promise.all([mutateAsync(input), mutateAsync(input)]);
    });
  return { save, saveTwice, keys };
}

const input: SaveProfileInput = {
  userId: 7,
  draft: toDraft(
    {
      ...emptyValues('vrijwilliger'),
      firstName: 'Lotte',
      location: 'Haarlem',
      postalCode: '2011',
    },
    NOTHING_KEPT,
  ),
  editing: false,
};

const SAVED = { status: 201, body: aVolunteerLookup() };
const UNAVAILABLE = {
  status: 503,
  body: { error: 'Even niet beschikbaar.', code: 'service_unavailable' },
};

// One key per intent: the wizard's 'Profiel voltooien' is one intent until the server answers it.
describe("the wizard's save of a new profile", () => {
  it('sends a retry after a failed answer under the same key', async () => {
    const { save, keys } = saving((attempt) => (attempt === 1 ? UNAVAILABLE : SAVED));
    await expect(save(input)).rejects.toThrow();
    await save(input);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends a second submit while the first is on its way under the same key', async () => {
    const { saveTwice, keys } = saving(() => SAVED);
    await saveTwice(input);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
  });

  it('makes a new key for a save after a successful one', async () => {
    const { save, keys } = saving(() => SAVED);
    await save(input);
    await save(input);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toMatch(UUID);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
