import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ApiError } from '@/lib/api/api-error';

export const LOAD_ERROR_TITLE = 'Oeps, er ging iets mis';
export const RETRY = 'Opnieuw proberen';

/**
 * What a page (or a part of one) shows when its data could not be read: 'Oeps, er ging iets mis',
 * what failed, and 'Opnieuw proberen', which reads it again. A throttled read (429) says so in the
 * server's words instead, since trying again at once will not help.
 */
export function LoadError({
  error,
  description,
  onRetry,
  titleAs = 'h2',
  more,
  className,
}: {
  /** The failure, when the server may have said why. */
  error?: unknown;
  description: ReactNode;
  onRetry: () => void;
  /** h1 when the error is the whole page. */
  titleAs?: 'h1' | 'h2';
  /** Other ways on, beside the retry. */
  more?: ReactNode;
  className?: string;
}) {
  return (
    <EmptyState
      icon={TriangleAlert}
      titleAs={titleAs}
      title={LOAD_ERROR_TITLE}
      description={error instanceof ApiError && error.status === 429 ? error.message : description}
      {...(className === undefined ? {} : { className })}
      action={
        <>
          <Button size="lg" onClick={onRetry}>
            {RETRY}
          </Button>
          {more}
        </>
      }
    />
  );
}
