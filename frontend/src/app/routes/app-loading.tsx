import { Spinner } from '@/components/ui/spinner';

/**
 * Shown between the header and the footer on a first visit to a page whose code is still loading.
 * A screen high, so that the footer waits below the fold instead of jumping down when the page
 * arrives.
 */
export function AppLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center text-stone-700">
      <Spinner label="Laden..." className="text-orange-700" />
    </div>
  );
}
