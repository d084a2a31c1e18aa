import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** How many pages `total` results make at `perPage` each. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}

// The way that does not exist keeps its place, so the page numbers stay put, but is not shown.
const absent = 'invisible';

/**
 * Brings the results into view and focus: on a phone the search form above them fills the first
 * screen, and another page starts at its first result, not at the top of the page.
 */
function showResults(results: HTMLElement | null) {
  if (results === null) return;
  results.focus({ preventScroll: true });
  results.scrollIntoView({ block: 'start' });
}

/**
 * 'Vorige', 'Pagina x van y', 'Volgende' as links, so every page has an address of its own.
 * Following one keeps the scroll position and shows `results` from its top.
 */
export function Pagination({
  page,
  pages,
  searchFor,
  results,
}: {
  page: number;
  pages: number;
  /** The query string of another page, e.g. `?q=bobby&page=2`. */
  searchFor: (page: number) => string;
  /** The element around the results (focusable, `tabIndex={-1}`). */
  results: RefObject<HTMLElement | null>;
}) {
  if (pages <= 1) {
    return null;
  }
  const style = buttonStyles({ variant: 'secondary', size: 'sm' });
  const follow = () => {
    showResults(results.current);
  };
  return (
    <nav aria-label="Paginering" className="flex items-center justify-between gap-3 pt-4">
      {page > 1 ? (
        <Link
          to={{ search: searchFor(page - 1) }}
          preventScrollReset
          onClick={follow}
          className={style}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          Vorige
        </Link>
      ) : (
        <span aria-hidden="true" className={cn(style, absent)}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Vorige
        </span>
      )}
      <p className="text-sm font-semibold text-stone-700">
        Pagina {page} van {pages}
      </p>
      {page < pages ? (
        <Link
          to={{ search: searchFor(page + 1) }}
          preventScrollReset
          onClick={follow}
          className={style}
        >
          Volgende
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span aria-hidden="true" className={cn(style, absent)}>
          Volgende
          <ChevronRight aria-hidden="true" className="size-4" />
        </span>
      )}
    </nav>
  );
}
