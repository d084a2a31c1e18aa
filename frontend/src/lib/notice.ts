// A short confirmation one page leaves for the next in the router's state (e.g. the dashboard's
// 'Je profiel is opgeslagen' after an edit): it lives in that one history entry, so it is gone
// on the next navigation.

/** The router state that carries a notice, with a link to what it is about. */
export interface NoticeState {
  notice: string;
  /** Where the notice points ('Bekijk je profiel'). */
  link?: { to: string; label: string };
  /** The person has just made their first profile: the page greets them as new. */
  firstProfile?: boolean;
}

/** The notice in a location's state, or null. */
export function noticeOf(state: unknown): NoticeState | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  const { notice } = state;
  if (typeof notice !== 'string' || notice === '') return null;
  const link = 'link' in state ? state.link : undefined;
  const linked =
    typeof link === 'object' &&
    link !== null &&
    'to' in link &&
    'label' in link &&
    typeof link.to === 'string' &&
    typeof link.label === 'string'
      ? { to: link.to, label: link.label }
      : undefined;
  return {
    notice,
    ...(linked ? { link: linked } : {}),
    ...('firstProfile' in state && state.firstProfile === true ? { firstProfile: true } : {}),
  };
}
