import { useEffect, useRef, useState } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { cameSearching } from '@/lib/browse/searched';

/**
 * How the results come into view. `focus` also moves the focus to them, after a search the
 * person sent ('Zoeken', Enter, 'Toon 12 oppassers'): a screen reader reads the count, and a
 * phone's keyboard closes. `scroll` leaves the focus where it is, after a choice in a list
 * ('Soort profiel', 'Straal'), which a keyboard may still be changing.
 */
export type RevealHow = 'focus' | 'scroll';

interface Request {
  how: RevealHow;
  /** The address the results wait to leave (the search was sent, not yet shown); null: now. */
  from: string | null;
}

/** Whether `element` shows whole between the sticky header (its scroll margin) and the fold. */
function inView(element: HTMLElement): boolean {
  const margin = Number.parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  const { top, bottom } = element.getBoundingClientRect();
  return top >= margin && bottom <= window.innerHeight;
}

/** Brings `element` into view (when it is not) and, for `focus`, the focus to it. */
function reveal(element: HTMLElement, how: RevealHow) {
  if (how === 'focus') element.focus({ preventScroll: true });
  // Smooth, unless the reader asked for less motion: `scroll-behavior` in index.css decides.
  if (!inView(element)) element.scrollIntoView({ block: 'start' });
}

/**
 * Brings the results of a search into view once they are there, so that on a phone, where the
 * search form fills the first screen, something changes where the person looks. Never on the
 * first load of a page, nor coming back to it (Back, a reload): only after a search the person
 * sent here, or from another page with {@link SEARCHED}.
 *
 * Returns `request(how, changed)`, to call as the search is sent: `changed` false when it asks
 * for what is shown already (the results come into view at once), else they come once the
 * address has changed and `ready` says its results are shown. `refused` (the server refused the
 * search at a field) leaves the page where the person can read why.
 */
export function useRevealResults({
  target,
  ready,
  refused,
}: {
  /** The element to show: the count of the results, else the results. */
  target: () => HTMLElement | null;
  /** Whether the results of the current address are shown (not loading, not the old ones). */
  ready: boolean;
  refused: boolean;
}) {
  const location = useLocation();
  const { search } = location;
  const state: unknown = location.state;
  const navigationType = useNavigationType();
  const [request, setRequest] = useState<Request | null>(() =>
    navigationType === NavigationType.Push && cameSearching(state)
      ? { how: 'focus', from: null }
      : null,
  );
  const done = useRef<Request | null>(null);

  useEffect(() => {
    if (request === null || done.current === request || !ready || request.from === search) return;
    done.current = request;
    const element = target();
    if (element !== null && !refused) reveal(element, request.how);
  }, [request, ready, refused, search, target]);

  return (how: RevealHow, changed: boolean) => {
    setRequest({ how, from: changed ? search : null });
  };
}
