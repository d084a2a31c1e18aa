import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';

/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The text of a search box that follows the committed term (from the address) and commits what
 * is typed once typing pauses. A term that changes elsewhere (back button, 'Alle profielen
 * tonen') replaces the text in the box.
 *
 * `commit` gets the trimmed term, and `replace` true when it refines a term already committed,
 * so that typing adds one history entry rather than one per pause. Once a link is taking the
 * person to another page (its code or data still loading), a pause commits nothing: the search
 * would pull them back to the list they just left.
 */
export function useDebouncedSearch(
  committed: string,
  commit: (term: string, replace: boolean) => void,
  { delayMs = SEARCH_DEBOUNCE_MS, maxLength }: { delayMs?: number; maxLength: number },
) {
  const [text, setText] = useState(committed);
  const [seen, setSeen] = useState(committed);
  if (committed !== seen) {
    setSeen(committed);
    if (committed !== text.trim()) {
      setText(committed);
    }
  }

  const term = text.trim().slice(0, maxLength);
  const onPause = useEffectEvent(() => {
    commit(term, committed !== '');
  });

  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leaving = navigation.state !== 'idle' && navigation.location.pathname !== pathname;

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (term === committed || leaving) {
      return;
    }
    timer.current = setTimeout(onPause, delayMs);
    return () => {
      clearTimeout(timer.current);
    };
  }, [term, committed, delayMs, leaving]);

  // A link followed before the pause ends: the pause commits nothing. Cleared at the click
  // itself, before the router starts the navigation: on a busy phone the page that shows the
  // navigation under way can be drawn after the pause has ended.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('a[href]')) {
        clearTimeout(timer.current);
      }
    };
    document.addEventListener('click', onClick, true);
    return () => {
      document.removeEventListener('click', onClick, true);
    };
  }, []);

  /** Commits the text now (Enter, the 'Zoeken' button). */
  const flush = () => {
    if (term !== committed) {
      commit(term, false);
    }
  };

  return { text, setText, flush };
}
