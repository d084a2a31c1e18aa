import { Ban, Bell, Download, KeyRound, Mail, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmailAddress } from '@/components/ui/email-address';
import { Input } from '@/components/ui/input';
import { RETRY } from '@/components/ui/load-error';
import { Loading, Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import {
  useDeleteAccount,
  useDownloadMyData,
  useRequestDeletionCode,
} from '@/features/dashboard/api/export-data';
import {
  CalendarFeedSetting,
  CalendarFeedSettingSkeleton,
} from '@/features/dashboard/components/calendar-feed-setting';
import {
  LastActiveSetting,
  LastActiveSettingSkeleton,
} from '@/features/dashboard/components/last-active-setting';
import {
  MessageEmailSetting,
  MessageEmailSettingSkeleton,
} from '@/features/dashboard/components/message-email-setting';
import { PushSetting, PushSettingSkeleton } from '@/features/dashboard/components/push-setting';
import {
  rememberDeletionCode,
  sentDeletionCode,
  stillValid,
  type DeletionCodeSent,
} from '@/features/dashboard/deletion-code';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api/api-error';
import type { components } from '@/lib/api/openapi';
import * as V from '@/lib/api/vocabulary';
import { useAuth } from '@/lib/auth/use-auth';
import { useRemoveSavedSearch, useSavedSearches } from '@/lib/saved-searches/saved-searches';
import { useBlocks, useSetBlocked } from '@/lib/trust/trust';

type SignInMethod = components['schemas']['SignInMethod'];

export const SETTINGS_TITLE = 'Instellingen';
export const NOBODY_BLOCKED = 'Je hebt niemand geblokkeerd.';
const FAILED = 'Dat lukte niet. Probeer het later opnieuw.';
/** The server's Dutch reason when it gave one; a network failure gets the general text. */
const failureText = (error: unknown) => (error instanceof ApiError ? error.message : FAILED);
const BLOCKS_FAILED = 'De lijst met geblokkeerde mensen kon niet worden geladen.';

/** `/instellingen`: the account, notifications, blocked people and the person's rights. */
export function SettingsPage() {
  useDocumentTitle(SETTINGS_TITLE);
  const { user } = useAuth();
  if (user === null) return null;
  return (
    <SettingsFrame>
      <AccountSection email={user.email} google={user.google_user_data != null} />
      <MessageEmailSetting />
      <PushSetting />
      <LastActiveSetting />
      <CalendarFeedSetting />
      <SavedSearchesSection />
      <BlockedSection />
      <DataSection />
      <DeleteSection userId={user.id} />
    </SettingsFrame>
  );
}

/**
 * `/instellingen` before it is known who is signed in: every section in its place, grey where
 * the person's own details will be, its buttons not yet to be used.
 */
export function SettingsSkeleton() {
  return (
    <SettingsFrame>
      <span role="status" className="sr-only">
        Laden...
      </span>
      <AccountSection email={null} google={false} />
      <MessageEmailSettingSkeleton />
      <PushSettingSkeleton />
      <LastActiveSettingSkeleton />
      <CalendarFeedSettingSkeleton />
      <Section title={SAVED_SEARCHES_TITLE}>
        <SavedSearchesIntro />
        <BlockedSkeleton />
      </Section>
      <Section title="Geblokkeerd">
        <BlockedIntro />
        <BlockedSkeleton />
      </Section>
      <DataSection disabled />
      <DeleteSection userId={null} disabled />
    </SettingsFrame>
  );
}

function SettingsFrame({ children }: { children: ReactNode }) {
  return (
    <div className="bg-linear-to-b from-orange-50 to-stone-50 px-4 py-10 sm:px-6 sm:py-14">
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
          {SETTINGS_TITLE}
        </h1>
        {children}
      </div>
    </div>
  );
}

/** One line of grey where the list of blocked people comes, as tall as its most common answer. */
function BlockedSkeleton() {
  return (
    <Loading label="Laden...">
      <p className="flex h-6 items-center">
        <Skeleton inline className="w-56" />
      </p>
    </Loading>
  );
}

function BlockedIntro() {
  return (
    <p className="text-sm text-stone-700">
      Wie je blokkeert, kan je geen berichten meer sturen, en jullie zien elkaars profielen niet in
      de lijsten.
    </p>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card as="section" aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="text-xl font-bold text-stone-900">
        {title}
      </h2>
      {children}
    </Card>
  );
}

/** The ways someone signs in: a code by e-mail always, Google once they used it. */
function signInMethods(google: boolean): SignInMethod[] {
  return google ? ['e-mailcode', 'google'] : ['e-mailcode'];
}

/** `email` null: not yet known (a grey line in its place). */
function AccountSection({ email, google }: { email: string | null; google: boolean }) {
  return (
    <Section title="Account en inloggen">
      <div className="flex flex-col gap-1">
        <span className="text-sm font-semibold text-stone-700">E-mailadres</span>
        <span className="flex items-center gap-2 text-stone-900">
          <Mail aria-hidden="true" className="size-4 shrink-0 text-stone-600" />
          {email === null ? <Skeleton inline className="w-48" /> : <EmailAddress email={email} />}
        </span>
        <span className="text-sm text-stone-600">
          Je e-mailadres kun je hier niet wijzigen; mail ons als dat nodig is.
        </span>
      </div>
      <div className="flex flex-col gap-1">
        <span className="text-sm font-semibold text-stone-700">Inloggen met</span>
        <ul className="flex flex-col gap-1 text-stone-900">
          {signInMethods(google).map((method) => (
            <li key={method} className="flex items-center gap-2">
              <KeyRound aria-hidden="true" className="size-4 text-stone-600" />
              {V.SignInMethod.labels[method]}
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}

export const SAVED_SEARCHES_TITLE = 'Bewaarde zoekopdrachten';
export const NO_SAVED_SEARCHES =
  "Je hebt nog geen zoekopdrachten bewaard. Zoek op Profielen en kies 'Bewaar deze zoekopdracht'.";

function SavedSearchesIntro() {
  return (
    <p className="text-sm text-stone-700">
      Je krijgt één keer per dag een e-mail als er nieuwe profielen bij een zoekopdracht passen.
    </p>
  );
}

function SavedSearchesSection() {
  const searches = useSavedSearches();
  const remove = useRemoveSavedSearch();
  let body;
  if (searches.isPending) {
    body = <BlockedSkeleton />;
  } else if (searches.isError) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-red-800">
          De bewaarde zoekopdrachten konden niet worden geladen.
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void searches.refetch();
          }}
        >
          {RETRY}
        </Button>
      </div>
    );
  } else if (searches.data.searches.length === 0) {
    body = <p className="text-stone-700">{NO_SAVED_SEARCHES}</p>;
  } else {
    body = (
      <ul className="flex flex-col divide-y divide-stone-200">
        {searches.data.searches.map((search) => (
          <li
            key={search.id}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <span className="flex items-center gap-2 font-semibold break-words text-stone-900">
              <Bell aria-hidden="true" className="size-4 shrink-0 text-stone-600" />
              {search.label}
            </span>
            <span className="flex shrink-0 gap-2">
              <Link
                to={search.address ? `${paths.profiles}?${search.address}` : paths.profiles}
                className={buttonStyles({ variant: 'secondary', size: 'sm' })}
                aria-label={`${search.label} openen`}
              >
                Openen
              </Link>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`${search.label} verwijderen`}
                disabled={remove.isPending}
                onClick={() => {
                  remove.mutate(search.id);
                }}
              >
                Verwijderen
              </Button>
            </span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Section title={SAVED_SEARCHES_TITLE}>
      <SavedSearchesIntro />
      {body}
      {remove.isError && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {failureText(remove.error)}
        </p>
      )}
    </Section>
  );
}

function BlockedSection() {
  const blocks = useBlocks();
  const setBlocked = useSetBlocked();
  let body;
  if (blocks.isPending) {
    body = <BlockedSkeleton />;
  } else if (blocks.isError) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-red-800">
          {BLOCKS_FAILED}
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void blocks.refetch();
          }}
        >
          {RETRY}
        </Button>
      </div>
    );
  } else if (blocks.data.length === 0) {
    body = <p className="text-stone-700">{NOBODY_BLOCKED}</p>;
  } else {
    body = (
      <ul className="flex flex-col divide-y divide-stone-200">
        {blocks.data.map((person) => {
          const name = person.firstName ?? 'Iemand zonder naam';
          return (
            <li key={person.userId} className="flex items-center justify-between gap-3 py-3">
              <span className="flex items-center gap-2 font-semibold text-stone-900">
                <Ban aria-hidden="true" className="size-4 text-stone-600" />
                {name}
              </span>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`${name} deblokkeren`}
                disabled={setBlocked.isPending}
                onClick={() => {
                  setBlocked.mutate({ userId: person.userId, blocked: false });
                }}
              >
                Deblokkeren
              </Button>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <Section title="Geblokkeerd">
      <BlockedIntro />
      {body}
      {setBlocked.isError && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {FAILED}
        </p>
      )}
    </Section>
  );
}

function DataSection({ disabled = false }: { disabled?: boolean }) {
  const download = useDownloadMyData();
  return (
    <Section title="Je gegevens">
      <p className="text-stone-700">
        Download alles wat Oppasmaatje over je bewaart: je account, je profiel en huisdieren, je
        favorieten, je bewaarde zoekopdrachten, je gesprekken, je meldingen en je foto&apos;s, in
        één ZIP-bestand met een leesbaar JSON-bestand. Dat kan één keer per uur.
      </p>
      <div>
        <Button
          variant="secondary"
          disabled={disabled || download.isPending}
          aria-busy={download.isPending}
          onClick={() => {
            download.mutate();
          }}
        >
          {download.isPending ? <Spinner /> : <Download aria-hidden="true" className="size-5" />}
          Download mijn gegevens
        </Button>
      </div>
      {download.isSuccess && (
        <p role="status" className="text-sm font-semibold text-green-800">
          Je gegevens zijn gedownload.
        </p>
      )}
      {download.isError && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {failureText(download.error)}
        </p>
      )}
    </Section>
  );
}

export const HAVE_A_CODE = 'Ik heb al een code';
const HAVE_CODE_NOTICE = 'Vul de code in uit de e-mail die je al hebt gekregen.';

/**
 * 'Account verwijderen': a code by e-mail first, then the deletion with it. That a code was sent
 * is kept here, above the dialog (and for this tab, while the code is valid): opened again, the
 * dialog asks for the code already mailed rather than for a new one, which the server would refuse
 * for a few minutes. 'Ik heb al een code' goes to the code without asking for one.
 */
function DeleteSection({
  userId,
  disabled = false,
}: {
  userId: number | null;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<DeletionCodeSent | null>(() =>
    userId === null ? null : sentDeletionCode(userId),
  );
  const [haveCode, setHaveCode] = useState(false);
  const sendCode = useRequestDeletionCode();
  const deletion = useDeleteAccount();
  const entering = sent !== null || haveCode;
  const busy = sendCode.isPending || deletion.isPending;
  const error = deletion.error ?? sendCode.error;
  const close = () => {
    setOpen(false);
    setCode('');
    setHaveCode(false);
    sendCode.reset();
    deletion.reset();
  };
  /** Mails a code (again, with `again`); the person then enters it. */
  const ask = (again: boolean) => {
    deletion.reset();
    sendCode.mutate(undefined, {
      onSuccess: (message) => {
        const told = again ? `${message} Gebruik de nieuwste code.` : message;
        setSent(
          userId === null ? { at: Date.now(), message: told } : rememberDeletionCode(userId, told),
        );
      },
    });
  };
  return (
    <Section title="Account verwijderen">
      <p className="text-stone-700">
        Je account, je profiel, je huisdieren, je favorieten, je bewaarde zoekopdrachten, je
        blokkeringen, je meldingen en je foto&apos;s worden direct en definitief verwijderd.
        Berichten die je stuurde blijven bij de ander staan, onder &apos;Verwijderd account&apos;,
        zonder je naam of foto. Daarna kun je je met hetzelfde e-mailadres opnieuw aanmelden.
      </p>
      <div>
        <Button
          variant="danger"
          disabled={disabled}
          onClick={() => {
            // A code that expired meanwhile is not offered again.
            if (!stillValid(sent)) setSent(null);
            setOpen(true);
          }}
        >
          <Trash2 aria-hidden="true" className="size-5" />
          Account verwijderen
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        title="Account verwijderen?"
        confirmLabel={entering ? 'Account definitief verwijderen' : 'Stuur de code'}
        confirmVariant={entering ? 'danger' : 'primary'}
        busy={busy}
        error={error ? failureText(error) : null}
        onConfirm={() => {
          if (entering) {
            deletion.mutate(code.trim());
          } else {
            ask(false);
          }
        }}
        onCancel={close}
      >
        {entering ? (
          <>
            <p role="status" className="text-stone-700">
              {sent === null ? HAVE_CODE_NOTICE : sent.message}
            </p>
            <Input
              label="Code uit de e-mail"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => {
                // Digits only: a pasted code with spaces around it still fits.
                setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
              }}
            />
            <div>
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() => {
                  ask(true);
                }}
              >
                Stuur een nieuwe code
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className="text-stone-700">
              We sturen je een code per e-mail. Met die code bevestig je dat jij je account
              verwijdert.
            </p>
            {/* Also when asking again is refused for now: the code already mailed still works. */}
            <div>
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() => {
                  sendCode.reset();
                  setHaveCode(true);
                }}
              >
                {HAVE_A_CODE}
              </Button>
            </div>
          </>
        )}
      </ConfirmDialog>
    </Section>
  );
}
