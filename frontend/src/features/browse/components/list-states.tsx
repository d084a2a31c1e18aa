import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api/api-error';

export const LOAD_ERROR_TITLE = 'Oeps, er ging iets mis';
export const RETRY = 'Opnieuw proberen';

/** 'Profielen laden...' and the like, where the list will be. */
export function ListLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16 text-lg text-stone-700">
      <Spinner label={label} />
    </div>
  );
}

/**
 * 'Oeps, er ging iets mis' with the page's own failure text and a retry. A throttled request
 * (429) says so in the server's words instead, since trying again at once will not help.
 */
export function ListLoadError({
  error,
  text,
  onRetry,
}: {
  error: unknown;
  text: string;
  onRetry: () => void;
}) {
  const throttled = error instanceof ApiError && error.status === 429;
  return (
    <EmptyState
      icon={TriangleAlert}
      title={LOAD_ERROR_TITLE}
      description={throttled ? error.message : text}
      className="py-12"
      action={
        <Button size="lg" onClick={onRetry}>
          {RETRY}
        </Button>
      }
    />
  );
}
