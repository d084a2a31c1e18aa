import { useEffect } from 'react';

const SITE_NAME = 'Oppasmaatje';

/**
 * Names the page in the browser tab and for screen readers that announce navigation; the
 * title of index.html comes back when the page is left.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} – ${SITE_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
