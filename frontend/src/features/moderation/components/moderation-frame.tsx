import { ArrowLeft, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api/api-error';
import { useAuth } from '@/lib/auth/use-auth';

export const MODERATION_TITLE = 'Meldingen';
export const MODERATION_LOG_TITLE = 'Logboek';
export const MODERATORS_ONLY = 'Alleen moderators kunnen deze pagina zien.';
export const MODERATORS_ONLY_WHY =
  'Hier behandelen moderators de meldingen over profielen, gesprekken en referenties. Zie je iets wat niet klopt? Gebruik dan de knop Melden op het profiel, in het gesprek of bij de referentie; een moderator kijkt ernaar.';

/** A moment on the moderators' pages: '24 nov 2026, 11:00'. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString('nl-NL', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The frame of the moderators' pages: the title, the way between the reports and the log, and
 * for anyone else why the page is not for them.
 */
export function ModerationFrame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  const { user } = useAuth();
  if (user === null) return null;
  return (
    <div className="bg-linear-to-b from-orange-50 to-stone-50 px-4 py-10 sm:px-6 sm:py-14">
      <div className="mx-auto flex max-w-4xl flex-col gap-6">
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
        {user.is_moderator ? (
          <>
            <nav aria-label="Beheer">
              <ul className="flex flex-wrap gap-2">
                {[
                  { to: paths.moderation, label: MODERATION_TITLE },
                  { to: paths.moderationLog, label: MODERATION_LOG_TITLE },
                ].map(({ to, label }) => (
                  <li key={to}>
                    <NavLink
                      to={to}
                      end
                      className={({ isActive }) =>
                        buttonStyles({ variant: isActive ? 'secondary' : 'ghost', size: 'sm' })
                      }
                    >
                      {label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            {children}
          </>
        ) : (
          <EmptyState
            icon={ShieldCheck}
            title={MODERATORS_ONLY}
            description={MODERATORS_ONLY_WHY}
            action={
              <Link to={paths.dashboard} className={buttonStyles()}>
                <ArrowLeft aria-hidden="true" className="size-5" />
                Terug naar je dashboard
              </Link>
            }
          />
        )}
      </div>
    </div>
  );
}

const FAILED = 'Dat lukte niet. Probeer het later opnieuw.';

/** What a moderator reads when an action failed: the server's words, else a general line. */
export const failureText = (error: unknown) => (error instanceof ApiError ? error.message : FAILED);
