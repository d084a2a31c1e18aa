import {
  BadgeCheck,
  CheckCircle2,
  Eye,
  Heart,
  MessageCircle,
  Pencil,
  Search,
  Settings,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { AppointmentsOverview } from '@/features/appointments/components/appointments-overview';
import { ChooseProfileType } from '@/features/dashboard/components/choose-profile-type';
import {
  MessageEmailSetting,
  MessageEmailSettingSkeleton,
} from '@/features/dashboard/components/message-email-setting';
import { ProfileChecklist } from '@/features/dashboard/components/profile-checklist';
import { RecentActivity } from '@/features/dashboard/components/recent-activity';
import { useDocumentTitle } from '@/hooks/use-document-title';
import * as V from '@/lib/api/vocabulary';
import type { SessionUser } from '@/lib/auth/api/get-current-user';
import {
  PROFILE_LOOKUP_FAILED,
  useProfileLookup,
  type ProfileLookup,
} from '@/lib/auth/api/get-profile-lookup';
import { useAuth } from '@/lib/auth/use-auth';
import { firstNameOf } from '@/lib/auth/user-display';
import { useFavourites, useProfileViews } from '@/lib/favourites/favourites';
import { useUnreadCount } from '@/lib/messaging/get-unread-count';
import { noticeOf } from '@/lib/notice';
import { labelOf } from '@/lib/vocabulary';

/** The dashboard's search button for an owner, and for a sitter. */
export const SEARCH_SITTERS = 'Zoek een oppas';
export const SEARCH_PETS = 'Zoek huisdieren in de buurt';

/** The page's backdrop and width, the same while loading and loaded. */
function Backdrop({ children }: { children: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-orange-50 to-stone-50 px-4 py-10 sm:px-6 sm:py-14">
      <div className="mx-auto max-w-5xl">{children}</div>
    </div>
  );
}

/** `/dashboard`: the start page of a signed-in user. */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useAuth();
  const lookup = useProfileLookup(user?.id ?? null);
  // Signed-out people never get here (the route is guarded).
  if (user === null) return null;

  return (
    <Backdrop>
      <Notice />
      {lookup.isPending ? (
        // The overview's own layout while the profile is looked up: nothing moves when it comes.
        <Overview user={user} profile={null} />
      ) : lookup.data ? (
        <Overview user={user} profile={lookup.data} />
      ) : lookup.isError ? (
        // Not knowing is not having none: never offer to make a second profile.
        <LoadError
          titleAs="h1"
          description={PROFILE_LOOKUP_FAILED}
          onRetry={() => {
            void lookup.refetch();
          }}
          className="py-12"
        />
      ) : (
        <ChooseProfileType name={firstNameOf(user)} />
      )}
    </Backdrop>
  );
}

/**
 * What the page before left to say (after 'Wijzigingen opslaan': 'Je profiel is opgeslagen'), in
 * a polite live region that is always there, so the text is read out as it arrives.
 */
function Notice() {
  const notice = noticeOf(useLocation().state);
  return (
    <div role="status" aria-live="polite" className={notice ? 'mb-6' : undefined}>
      {notice && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl bg-green-50 px-4 py-3 font-semibold text-green-900 ring-1 ring-green-200">
          <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-green-700" />
          {notice.notice}
          {notice.link && (
            <Link
              to={notice.link.to}
              className="text-teal-800 underline underline-offset-2 hover:no-underline"
            >
              {notice.link.label}
            </Link>
          )}
        </p>
      )}
    </div>
  );
}

/** `/dashboard` before it is known who is signed in: the overview's layout, still empty. */
export function DashboardSkeleton() {
  return (
    <Backdrop>
      <Overview user={null} profile={null} />
    </Backdrop>
  );
}

/**
 * The overview of someone with a profile. `user` or `profile` null: still loading, shown as the
 * same layout with grey blocks where their words will be.
 */
function Overview({ user, profile }: { user: SessionUser | null; profile: ProfileLookup | null }) {
  const editLink =
    profile === null
      ? null
      : `${paths.profileSetup}?${new URLSearchParams({ mode: 'edit', type: profile.type }).toString()}`;
  const unread = useUnreadCount();
  const favourites = useFavourites();
  const views = useProfileViews();
  // Just after the wizard made the first profile: a newcomer, not someone coming back.
  const firstProfile = noticeOf(useLocation().state)?.firstProfile === true;
  const tiles: {
    label: string;
    value: string;
    hint?: string;
    to?: string;
    icon: LucideIcon;
    tone: string;
  }[] = [
    {
      label: 'Berichten',
      value: unread === undefined ? '–' : String(unread),
      hint: 'ongelezen',
      icon: MessageCircle,
      tone: 'bg-orange-100 text-orange-800',
    },
    {
      label: 'Favorieten',
      value: favourites.data === undefined ? '–' : String(favourites.data.length),
      to: paths.favourites,
      icon: Heart,
      tone: 'bg-rose-100 text-rose-800',
    },
    {
      label: 'Profielweergaven',
      value: views.data === undefined ? '–' : String(views.data.views),
      hint: views.data === undefined ? '' : `laatste ${String(views.data.days)} dagen`,
      icon: Eye,
      tone: 'bg-teal-100 text-teal-800',
    },
    {
      label: 'Profielstatus',
      value: profile === null ? '–' : profileStatus(profile.type),
      icon: BadgeCheck,
      tone: 'bg-green-100 text-green-800',
    },
  ];

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        {(user === null || profile === null) && (
          <span role="status" className="sr-only">
            Laden...
          </span>
        )}
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
          {firstProfile ? 'Welkom' : 'Welkom terug'},{' '}
          {user === null ? <Skeleton inline className="w-32" /> : firstNameOf(user)}!
          {user?.temporary && (
            <span className="ml-2 text-lg font-medium text-stone-600">(tijdelijke sessie)</span>
          )}
        </h1>
        {/* Two lines on a phone, one from sm: the same room loading and loaded. */}
        <p className="min-h-14 text-lg text-stone-700 sm:min-h-7">
          {profile === null ? (
            <Skeleton inline className="w-4/5 max-w-md" />
          ) : profile.type === 'huisdier' ? (
            'Vind een oppas voor je huisdier en houd je berichten bij.'
          ) : (
            'Vind huisdieren bij jou in de buurt en houd je berichten bij.'
          )}
        </p>
        {/* The search in reach on a phone's first screen; its room kept while loading. */}
        <div className="min-h-12">
          {profile !== null && (
            <Link
              to={profile.type === 'huisdier' ? paths.forOwners : paths.forVolunteers}
              className={buttonStyles({ size: 'lg' })}
            >
              <Search aria-hidden="true" className="size-5" />
              {profile.type === 'huisdier' ? SEARCH_SITTERS : SEARCH_PETS}
            </Link>
          )}
        </div>
      </div>

      {/* The most time-bound part of the page, so right under the greeting on every width. */}
      <AppointmentsOverview ready={user !== null} />

      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Overzicht">
        {tiles.map(({ label, value, hint, to, icon: Icon, tone }) => (
          <Card as="li" key={label} className="relative flex flex-col gap-3 p-5 sm:p-6">
            <span className={`flex size-10 items-center justify-center rounded-full ${tone}`}>
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div className="flex flex-col">
              {to ? (
                // The whole tile is the link's target area.
                <Link
                  to={to}
                  className="text-sm font-semibold text-teal-800 underline-offset-2 after:absolute after:inset-0 after:rounded-3xl hover:underline"
                >
                  {label}
                </Link>
              ) : (
                <span className="text-sm font-semibold text-stone-700">{label}</span>
              )}
              <span className="text-2xl font-bold text-stone-900">{value}</span>{' '}
              {/* A line of its own, kept while empty: a tile is as tall loading as loaded. */}
              <span className="min-h-5 text-sm font-medium text-stone-600">{hint}</span>
            </div>
          </Card>
        ))}
      </ul>

      <div className="grid gap-6 md:grid-cols-3">
        <RecentActivity ready={user !== null} />
        <div className="flex flex-col gap-6">
          <ProfileChecklist editLink={editLink} sitter={profile?.type === 'vrijwilliger'} />
          <Card as="section" aria-labelledby="quick-links" className="flex flex-col gap-4">
            <h2 id="quick-links" className="text-xl font-bold text-stone-900">
              Snel naar
            </h2>
            <Link to={paths.messages} className={buttonStyles({ className: 'w-full' })}>
              <MessageCircle aria-hidden="true" className="size-5" />
              Berichten
            </Link>
            <Link
              to={paths.profiles}
              className={buttonStyles({ variant: 'accent', className: 'w-full' })}
            >
              <Search aria-hidden="true" className="size-5" />
              Profielen bekijken
            </Link>
            {editLink === null ? (
              // Known once the profile is: the same button, not yet to be followed.
              <span
                aria-disabled="true"
                className={buttonStyles({ variant: 'secondary', className: 'w-full opacity-60' })}
              >
                <Pencil aria-hidden="true" className="size-5" />
                Profiel bewerken
              </span>
            ) : (
              <Link
                to={editLink}
                className={buttonStyles({ variant: 'secondary', className: 'w-full' })}
              >
                <Pencil aria-hidden="true" className="size-5" />
                Profiel bewerken
              </Link>
            )}
          </Card>
          {user === null ? <MessageEmailSettingSkeleton /> : <MessageEmailSetting />}
          <Link to={paths.settings} className={buttonStyles({ variant: 'ghost' })}>
            <Settings aria-hidden="true" className="size-5" />
            Instellingen
          </Link>
          {user?.is_moderator && (
            <Link to={paths.moderation} className={buttonStyles({ variant: 'ghost' })}>
              <ShieldCheck aria-hidden="true" className="size-5" />
              Meldingen (beheer)
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}

function profileStatus(type: string | undefined): string {
  return labelOf(V.ProfileType, type) ?? 'Geen';
}
