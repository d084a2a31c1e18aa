import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';

/** 'Profielen laden...' and the like, where the list will be. */
export function ListLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16 text-lg text-stone-700">
      <Spinner label={label} />
    </div>
  );
}

/** 'Oeps, er ging iets mis' with the page's own failure text and a retry. */
export function ListLoadError({
  error,
  text,
  onRetry,
}: {
  error: unknown;
  text: string;
  onRetry: () => void;
}) {
  return <LoadError error={error} description={text} onRetry={onRetry} className="py-12" />;
}
