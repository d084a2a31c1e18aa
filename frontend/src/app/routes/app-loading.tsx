import { Spinner } from '@/components/ui/spinner';

/** Shown on a first visit to a page whose code is still loading. */
export function AppLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center text-stone-700">
      <Spinner label="Laden..." className="text-orange-700" />
    </div>
  );
}
