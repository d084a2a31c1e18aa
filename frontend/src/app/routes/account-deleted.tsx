import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * `/account-verwijderd`: where a deletion ends, so that it ends with a word. Public: the person
 * is signed out by now.
 */
export function AccountDeletedRoute() {
  useDocumentTitle('Account verwijderd');

  return (
    <div className="px-4 py-20 sm:px-6 sm:py-28">
      <EmptyState
        icon={CheckCircle2}
        titleAs="h1"
        title="Je account is verwijderd"
        description="Je profiel, je foto's en je gegevens zijn gewist. Berichten die je stuurde, blijven zonder je naam bij wie ze kreeg."
        action={
          <Link to={paths.home} className={buttonStyles({ size: 'lg' })}>
            Naar de homepage
          </Link>
        }
      />
    </div>
  );
}
