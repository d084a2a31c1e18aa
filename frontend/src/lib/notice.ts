// A short confirmation one page leaves for the next in the router's state (e.g. the dashboard's
// 'Je profiel is opgeslagen' after an edit): it lives in that one history entry, so it is gone
// on the next navigation.

/** The router state that carries a notice. */
export interface NoticeState {
  notice: string;
}

/** The notice in a location's state, or null. */
export function noticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  const { notice } = state;
  return typeof notice === 'string' && notice !== '' ? notice : null;
}
