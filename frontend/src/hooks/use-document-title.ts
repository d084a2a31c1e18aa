import { useEffect } from 'react';

const SITE_NAME = 'Oppasmaatje';

/**
 * Names the page in the browser tab and for screen readers that announce navigation, and, where
 * given, describes it for search results; the title and description of index.html come back when
 * the page is left.
 */
export function useDocumentTitle(title: string, description?: string | null): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} – ${SITE_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta || !description) return;
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
}

/** 'Luna in Amsterdam', or the name alone: how a profile page is titled. */
export function profileTitle(name: string, place: string | null | undefined): string {
  const where = place?.trim();
  return where ? `${name} in ${where}` : name;
}

/** The first line of a description, as search results show it; null when there is none. */
export function firstLine(text: string | null | undefined): string | null {
  return (
    text
      ?.split('\n')
      .map((line) => line.trim())
      .find((line) => line !== '') ?? null
  );
}
