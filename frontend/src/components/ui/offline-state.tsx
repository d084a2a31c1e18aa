import { WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { RETRY } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useOnline } from '@/lib/pwa/online';

export const OFFLINE_TITLE = 'Je bent offline';
export const NO_CONNECTION_TITLE = 'Geen verbinding';
export const OFFLINE_TEXT = 'Deze pagina laadt zodra je weer verbinding hebt.';

/**
 * What a page shows in its place when it could not be loaded for want of a connection: offline
 * (as the notice under the header says too), or the server out of reach. It asks again by itself
 * once the browser is back online, and with 'Opnieuw proberen'.
 */
export function OfflineState({
  onRetry,
  busy = false,
}: {
  onRetry: () => void;
  /** While asking again. */
  busy?: boolean;
}) {
  const online = useOnline();
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => {
      window.removeEventListener('online', onRetry);
    };
  }, [onRetry]);
  return (
    <div role="status" className="px-4 py-16 sm:px-6">
      <EmptyState
        icon={WifiOff}
        titleAs="h1"
        title={online ? NO_CONNECTION_TITLE : OFFLINE_TITLE}
        description={OFFLINE_TEXT}
        action={
          <Button size="lg" disabled={busy} aria-busy={busy} onClick={onRetry}>
            {busy && <Spinner />}
            {RETRY}
          </Button>
        }
      />
    </div>
  );
}
