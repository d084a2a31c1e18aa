/**
 * The navigation state of a search sent from another page (the landing page's, /voor-baasjes',
 * /voor-oppassers') to /profielen: the results it opens are brought into view, as after a search
 * on /profielen itself, instead of the search form that fills a phone's first screen.
 */
export const SEARCHED = { searched: true } as const;

/** Whether a page was opened with {@link SEARCHED}. */
export function cameSearching(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'searched' in state && state.searched === true
  );
}
