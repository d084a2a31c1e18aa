import { CalendarPlus, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { Skeleton } from '@/components/ui/skeleton';
import {
  useCalendarFeed,
  useRenewCalendarFeed,
  useRevokeCalendarFeed,
} from '@/features/dashboard/api/calendar-feed';
import { SettingCard } from '@/features/dashboard/components/setting-card';
import { ApiError } from '@/lib/api/api-error';

export const CALENDAR_TITLE = 'Agenda-abonnement';
export const CALENDAR_INTRO =
  'Zet je geaccepteerde afspraken in de agenda van je telefoon of computer. Je agenda haalt ze zelf op via een privé-adres: die van de afgelopen maand en het komende jaar, met de voornaam van de ander en zonder contactgegevens.';
export const CALENDAR_KEEP_SECRET =
  'Deel dit adres met niemand: wie het heeft, ziet je afspraken. We tonen het maar één keer.';
const FAILED = 'Dat lukte niet. Probeer het later opnieuw.';
const failureText = (error: unknown) => (error instanceof ApiError ? error.message : FAILED);
const SINCE = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * 'Agenda-abonnement' under /instellingen: making, renewing and ending the private address a
 * calendar app subscribes to. The address is shown once, right after it is made.
 */
export function CalendarFeedSetting() {
  const feed = useCalendarFeed();
  const renew = useRenewCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const fieldId = useId();

  const make = async () => {
    setFailure(null);
    setCopied(false);
    try {
      setUrl((await renew.mutateAsync()).url);
    } catch (error) {
      setFailure(failureText(error));
    }
  };

  let body;
  if (feed.isPending) {
    body = <Skeleton inline className="w-2/3" />;
  } else if (feed.isError) {
    body = (
      <p role="alert" className="text-red-800">
        Je agenda-abonnement kon niet worden geladen.
      </p>
    );
  } else if (!feed.data.createdAt) {
    body = (
      <Button
        variant="secondary"
        className="self-start"
        disabled={renew.isPending}
        onClick={() => {
          void make();
        }}
      >
        <CalendarPlus aria-hidden="true" className="size-5" />
        Agenda-adres maken
      </Button>
    );
  } else {
    body = (
      <>
        {url === null && (
          <p className="text-stone-700">
            Je hebt een agenda-adres sinds {SINCE.format(new Date(feed.data.createdAt))}. Kwijt?
            Maak een nieuw adres; het oude werkt dan niet meer.
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <ConfirmButton
            title="Nieuw agenda-adres maken?"
            confirmLabel="Nieuw adres maken"
            explanation="Het oude adres werkt daarna niet meer: zet het nieuwe in je agenda."
            act={make}
            failureText={failureText}
            busy={renew.isPending}
            variant="secondary"
            size="md"
          >
            Nieuw adres maken
          </ConfirmButton>
          <ConfirmButton
            title="Agenda-abonnement stoppen?"
            confirmLabel="Stoppen"
            explanation="Je agenda haalt je afspraken dan niet meer op."
            act={async () => {
              await revoke.mutateAsync();
              setUrl(null);
            }}
            failureText={failureText}
            busy={revoke.isPending}
            variant="ghost"
            size="md"
          >
            Agenda-abonnement stoppen
          </ConfirmButton>
        </div>
      </>
    );
  }

  return (
    <SettingCard title={CALENDAR_TITLE}>
      <p className="text-stone-700">{CALENDAR_INTRO}</p>
      {url !== null && (
        <div className="flex flex-col gap-2">
          <label htmlFor={fieldId} className="text-sm font-semibold text-stone-800">
            Je agenda-adres
          </label>
          <input
            id={fieldId}
            readOnly
            value={url}
            aria-describedby={`${fieldId}-hint`}
            className="w-full rounded-xl bg-stone-50 px-4 py-2.5 font-mono text-sm text-stone-900 ring-1 ring-stone-300 ring-inset"
            onFocus={(event) => {
              event.currentTarget.select();
            }}
          />
          <p id={`${fieldId}-hint`} className="text-sm text-stone-700">
            {CALENDAR_KEEP_SECRET}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                void navigator.clipboard.writeText(url).then(() => {
                  setCopied(true);
                });
              }}
            >
              <Copy aria-hidden="true" className="size-4" />
              Kopiëren
            </Button>
            <a
              href={url.replace(/^https?:/, 'webcal:')}
              className="text-sm font-semibold text-teal-800 underline underline-offset-2"
            >
              Openen in je agenda
            </a>
            <span role="status" className="text-sm text-stone-700">
              {copied ? 'Gekopieerd.' : ''}
            </span>
          </div>
        </div>
      )}
      {failure && (
        <p role="alert" className="text-red-800">
          {failure}
        </p>
      )}
      {body}
    </SettingCard>
  );
}

/** The same card before it is known who is signed in. */
export function CalendarFeedSettingSkeleton() {
  return (
    <SettingCard title={CALENDAR_TITLE}>
      <p className="text-stone-700">{CALENDAR_INTRO}</p>
      <Skeleton inline className="w-2/3" />
    </SettingCard>
  );
}
