import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Pagina niet gevonden');

  return (
    <div className="px-4 py-20 sm:px-6 sm:py-28">
      <EmptyState
        icon={SearchX}
        titleAs="h1"
        title="Pagina niet gevonden"
        description="Deze pagina bestaat niet (meer). Misschien is de link verouderd of zit er een typfout in het adres."
        action={
          <Link to={paths.home} className={buttonStyles({ size: 'lg' })}>
            Terug naar de homepage
          </Link>
        }
      />
    </div>
  );
}
