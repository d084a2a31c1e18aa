import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useSaveSchedule } from '@/features/appointments/api/schedule';
import { useClearHelpNeeded } from '@/features/profiles/api/help-needed';
import { useRemovePet } from '@/features/profiles/api/pets';
import { listKeys } from '@/lib/browse/keys';
import { onApi } from '@/testing/fake-api';

/** A cache holding one list of cards, and a wrapper that gives it to a hook. */
function withList() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const list = [...listKeys.lists(), { page: 1 }];
  queryClient.setQueryData(list, { profiles: [], total: 0 });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const stale = () => queryClient.getQueryState(list)?.isInvalidated ?? false;
  return { wrapper, stale };
}

// A save that changes what a card shows marks every list of cards stale, so that the next
// visit to /profielen reads it again instead of showing the card as it was for thirty seconds.
describe('saves that change a card', () => {
  it("a sitter's week (her card is filtered on it, a pause takes it out)", async () => {
    onApi('PUT /api/volunteers/me/schedule', {
      status: 200,
      body: { week: [], away: [], paused: true },
    });
    const { wrapper, stale } = withList();
    const { result } = renderHook(() => useSaveSchedule(), { wrapper });
    expect(stale()).toBe(false);
    await act(() => result.current.mutateAsync({ week: [], away: [], paused: true }));
    expect(stale()).toBe(true);
  });

  it('a pet removed', async () => {
    onApi('DELETE /api/pets/30', { status: 204 });
    const { wrapper, stale } = withList();
    const { result } = renderHook(() => useRemovePet(), { wrapper });
    await act(() => result.current.mutateAsync(30));
    expect(stale()).toBe(true);
  });

  it('help no longer needed with a pet', async () => {
    onApi('DELETE /api/pets/30/help-needed', { status: 204 });
    const { wrapper, stale } = withList();
    const { result } = renderHook(() => useClearHelpNeeded(30), { wrapper });
    await act(() => result.current.mutateAsync());
    expect(stale()).toBe(true);
  });
});
