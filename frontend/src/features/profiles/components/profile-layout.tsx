import {
  PawPrint,
  ArrowLeft,
  Award,
  Cake,
  Clock,
  Dog,
  Info,
  Languages,
  LogIn,
  MapPin,
  Ruler,
  ShieldCheck,
  Smile,
  Star,
  VenusAndMars,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { LocationMap } from '@/components/map/location-map';
import { Card } from '@/components/ui/card';
import { TitledSection } from '@/components/ui/titled-section';
import { contact } from '@/config/contact';
import { paths } from '@/config/paths';
import { ProfileAvatar } from '@/features/profiles/components/profile-avatar';
import { BACK_TO_PROFILES } from '@/features/profiles/components/profile-states';
import {
  EditFieldButton,
  useCanEdit,
  type FieldEdit,
} from '@/features/profiles/components/use-field-editor';
import { loginPathReturningTo } from '@/lib/auth/return-path';
import { useAuth } from '@/lib/auth/use-auth';
import { cn } from '@/lib/cn';

/** A text, or `fallback` when it is missing or empty. */
function shown(text: string | null | undefined, fallback: string): string {
  return text?.trim() ? text : fallback;
}

export const HIDDEN_NOTICE =
  'Een moderator heeft je profiel verborgen: anderen zien het niet in de lijsten en niet op deze pagina.';
/** What a moderator reads on a hidden profile that is not their own. */
export const HIDDEN_NOTICE_FOR_MODERATOR =
  'Een moderator heeft dit profiel verborgen: anderen zien het niet in de lijsten en niet op deze pagina. Jij ziet het omdat je moderator bent.';

/**
 * The frame of a profile page: the way back to the list, then the page; for a profile a
 * moderator hid (only its own person and the moderators see it then), a notice first, worded
 * for whoever reads it (`own`: the profile's own person).
 */
export function ProfileShell({
  children,
  hidden = false,
  own = false,
}: {
  children: ReactNode;
  hidden?: boolean;
  own?: boolean;
}) {
  return (
    <div className="bg-linear-to-b from-amber-50 to-white">
      {/* Room at the bottom for the contact bar of a phone. */}
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 pt-8 pb-28 sm:px-6 sm:py-12">
        <Link
          to={paths.profiles}
          className="inline-flex items-center gap-2 self-start rounded-full text-sm font-semibold text-stone-700 hover:text-orange-800"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {BACK_TO_PROFILES}
        </Link>
        {hidden && (
          <p
            role="status"
            className="rounded-2xl bg-amber-50 px-4 py-3 font-medium text-amber-900 ring-1 ring-amber-200"
          >
            {own ? (
              <>
                {HIDDEN_NOTICE} Vragen? Mail ons op {contact.email}.
              </>
            ) : (
              HIDDEN_NOTICE_FOR_MODERATOR
            )}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}

export interface ProfileHeaderProps {
  name: string;
  avatarUrl: string | null | undefined;
  pet?: boolean;
  location: string | null | undefined;
  /** 'Nieuw' and the type badge. */
  badges: ReactNode;
  /** 'Bericht sturen' and the like. */
  actions?: ReactNode;
  editName: FieldEdit;
  editPhoto: FieldEdit;
}

/** Photo, name, badges and place at the top of a profile page. */
export function ProfileHeader({
  name,
  avatarUrl,
  pet = false,
  location,
  badges,
  actions,
  editName,
  editPhoto,
}: ProfileHeaderProps) {
  return (
    <Card className="flex flex-col gap-6 sm:flex-row sm:items-center">
      <div className="relative self-start">
        <ProfileAvatar name={name} url={avatarUrl} pet={pet} className="size-28 sm:size-32" />
        <EditFieldButton edit={editPhoto} className="absolute -right-1 -bottom-1 bg-white" />
      </div>
      <div className="flex min-w-0 grow flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">{badges}</div>
        <div className="flex items-center gap-2">
          <h1 className="text-3xl font-extrabold tracking-tight break-words text-stone-900 sm:text-4xl">
            {name}
          </h1>
          <EditFieldButton edit={editName} />
        </div>
        <div className="flex items-center gap-2 text-stone-700">
          <MapPin aria-hidden="true" className="size-5 shrink-0 text-orange-700" />
          <span>{shown(location, 'Locatie onbekend')}</span>
        </div>
      </div>
      {actions && (
        // On a phone the contact button stays within reach: a bar at the bottom of the screen.
        // None when there is nothing to press (one's own page): an empty bar would hide the
        // page's last lines.
        <div className="fixed inset-x-0 bottom-0 z-30 flex flex-col gap-3 border-t border-stone-200 bg-white/95 p-3 backdrop-blur empty:hidden sm:static [&:not(:has(a,button))]:hidden sm:z-auto sm:shrink-0 sm:items-end sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
          {actions}
        </div>
      )}
    </Card>
  );
}

/** A titled card of the page, with an optional pencil beside the title. */
export function ProfileSection({
  title,
  edit,
  children,
  className,
}: {
  title: string;
  edit?: FieldEdit | undefined;
  children: ReactNode;
  className?: string;
}) {
  return (
    <TitledSection
      title={title}
      action={edit && <EditFieldButton edit={edit} />}
      className={className}
    >
      {children}
    </TitledSection>
  );
}

/** A text as written, paragraph per line; a quiet note when empty. */
export function ProfileText({ text, empty }: { text: string | null | undefined; empty: string }) {
  if (!text?.trim()) {
    return <p className="text-stone-600 italic">{empty}</p>;
  }
  return (
    <div className="flex flex-col gap-3 leading-relaxed text-stone-800">
      {text
        .split(/\n+/)
        .filter((line) => line.trim())
        .map((line, index) => (
          // Lines of one text never move, so the position is a stable key.
          <p key={index}>{line}</p>
        ))}
    </div>
  );
}

/** A list of short items with a check-like bullet. */
export function BulletList({ items, label }: { items: string[]; label?: string }) {
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2 text-stone-800">
          <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-orange-600" />
          {item}
        </li>
      ))}
    </ul>
  );
}

/** The icon of each details key; other keys get the default. */
const DETAIL_ICONS: Record<string, LucideIcon> = {
  soort: PawPrint,
  ervaringMet: PawPrint,
  leeftijd: Cake,
  grootte: Ruler,
  ras: Dog,
  geslacht: VenusAndMars,
  gedrag: Smile,
  ervaring: Award,
  beschikbaar: Clock,
  specialiteit: Star,
  talen: Languages,
};

export function detailIcon(key: string): LucideIcon {
  return DETAIL_ICONS[key] ?? Info;
}

/** What the owner of a profile reads for a detail they left empty. */
export const NOT_FILLED_IN = 'Nog niet ingevuld';

const filled = (value: string | null | undefined) =>
  value !== null && value !== undefined && value.trim() !== '';

export interface DetailItem {
  /** The details key: picks the icon. */
  key: string;
  label: string;
  value: string | null | undefined;
  edit?: FieldEdit | undefined;
}

/**
 * The 'Details' card: every filled-in key with its icon and value. Empty ones are left out, except
 * for the person who may fill them in, who sees 'Nog niet ingevuld' with a pencil.
 */
export function DetailsCard({ items }: { items: DetailItem[] }) {
  const canEdit = useCanEdit();
  const shownItems = items.filter((item) => canEdit || filled(item.value));
  if (shownItems.length === 0) return null;
  return (
    <ProfileSection title="Details">
      <dl className="flex flex-col divide-y divide-stone-100">
        {shownItems.map((item) => {
          const Icon = detailIcon(item.key);
          return (
            <div key={item.label} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
              <dt className="flex items-center gap-2 text-sm text-stone-600">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-800">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                {item.label}
              </dt>
              <dd className="flex min-w-0 items-center justify-between gap-3 pl-9 font-semibold text-stone-900">
                <span
                  className={cn(
                    'min-w-0 break-words',
                    !filled(item.value) && 'font-normal text-stone-600 italic',
                  )}
                >
                  {shown(item.value, NOT_FILLED_IN)}
                </span>
                {item.edit && <EditFieldButton edit={item.edit} />}
              </dd>
            </div>
          );
        })}
      </dl>
    </ProfileSection>
  );
}

/** The place, with the map widget. */
export function LocationSection({
  name,
  location,
  avatarUrl,
  lat,
  lon,
  edit,
}: {
  name: string;
  location: string | null | undefined;
  avatarUrl: string | null | undefined;
  lat: number | null | undefined;
  lon: number | null | undefined;
  edit: FieldEdit;
}) {
  return (
    <ProfileSection title="Locatie" edit={edit}>
      <p className="flex items-center gap-2 text-stone-700">
        <MapPin aria-hidden="true" className="size-5 text-orange-700" />
        {shown(location, 'Locatie onbekend')}
      </p>
      <LocationMap location={location} name={name} avatarUrl={avatarUrl} lat={lat} lon={lon} />
    </ProfileSection>
  );
}

/** 'Veilig contact': all contact runs through the platform. */
export function SafeContactNote() {
  const { user, isPending } = useAuth();
  const { pathname, search } = useLocation();
  return (
    <section
      aria-labelledby="veilig-contact"
      className="flex flex-col gap-3 rounded-3xl bg-teal-50 p-6 text-teal-950 ring-1 ring-teal-100"
    >
      <h2 id="veilig-contact" className="flex items-center gap-2 text-lg font-bold">
        <ShieldCheck aria-hidden="true" className="size-5" />
        Veilig contact
      </h2>
      <p className="leading-relaxed">
        Al het contact loopt via het platform. Je e-mailadres en telefoonnummer worden nooit gedeeld
        zonder jouw toestemming.
      </p>
      {!isPending && !user && (
        <Link
          to={loginPathReturningTo(`${pathname}${search}`)}
          className="inline-flex items-center gap-2 self-start font-semibold text-teal-900 underline underline-offset-4 hover:text-teal-700"
        >
          <LogIn aria-hidden="true" className="size-4" />
          Log in om een bericht te sturen
        </Link>
      )}
    </section>
  );
}
