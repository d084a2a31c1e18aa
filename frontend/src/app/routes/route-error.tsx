import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';

/**
 * Shown when a page fails to render or its code fails to load (often right after a new release,
 * when the browser still holds the previous version's index). Reloading fixes the latter.
 */
export function RouteError() {
  const error = useRouteError();

  useEffect(() => {
    console.error('Page failed', error);
  }, [error]);

  return (
    <div className="px-4 py-20 sm:px-6">
      <EmptyState
        icon={TriangleAlert}
        titleAs="h1"
        title="Oeps, er ging iets mis"
        description="Deze pagina kon niet worden geladen. Probeer het opnieuw; blijft het misgaan, laat het ons dan weten."
        action={
          <>
            <Button
              onClick={() => {
                window.location.reload();
              }}
            >
              Opnieuw proberen
            </Button>
            <Link to={paths.home} reloadDocument className={buttonStyles({ variant: 'secondary' })}>
              Terug naar de homepage
            </Link>
          </>
        }
      />
    </div>
  );
}
