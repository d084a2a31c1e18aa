import { ClipboardList, Printer } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FormAlert } from '@/components/ui/form-alert';
import { Textarea } from '@/components/ui/form-fields';
import { LoadError } from '@/components/ui/load-error';
import { Loading, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import {
  useCareCard,
  useSaveCareCard,
  type CareCard,
  type CareTexts,
} from '@/features/appointments/api/care-card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useServerFieldError } from '@/hooks/use-server-field-error';
import { ApiError } from '@/lib/api/api-error';
import { CARE_SITTER_DAYS_AFTER, CARE_TEXT_MAX } from '@/lib/api/vocabulary';

type Field = keyof CareTexts;

/** The texts of a zorgkaart in the order the card lists them, with their words. */
export const CARE_FIELDS: readonly { name: Field; label: string; hint: string }[] = [
  { name: 'food', label: 'Eten', hint: 'Wat, hoeveel en wanneer.' },
  {
    name: 'walks',
    label: 'Bewegen en naar buiten',
    hint: 'Hoe vaak, hoe lang, en waar wel en niet.',
  },
  { name: 'medication', label: 'Medicijnen', hint: 'Naam, dosis en tijden.' },
  { name: 'allergies', label: 'Allergieën en angsten', hint: 'Waar moet de oppas op letten?' },
  { name: 'vet', label: 'Dierenarts', hint: 'Praktijk en telefoonnummer.' },
  {
    name: 'emergencyContact',
    label: 'Noodcontact',
    hint: 'Wie belt de oppas als er iets is en jij niet bereikbaar bent?',
  },
  { name: 'houseNotes', label: 'In huis', hint: 'Sleutels, alarm, waar alles ligt.' },
];

export const CARE_TITLE = (petName: string) => `Zorgkaart van ${petName}`;
export const CARE_PRIVATE = `Alleen jij ziet deze zorgkaart, en je oppas zolang jullie afspraak loopt: vanaf het accepteren tot ${String(CARE_SITTER_DAYS_AFTER)} dagen na het einde. Dit is de enige plek waar Oppasmaatje contactgegevens doorgeeft: vul alleen in wat je oppas mag weten.`;
export const CARE_FOR_SITTER = `Je ziet deze zorgkaart vanaf het accepteren van jullie afspraak tot ${String(CARE_SITTER_DAYS_AFTER)} dagen na het einde. De baas ziet wanneer je hem bekijkt. Ga zorgvuldig om met de gegevens.`;
export const CARE_GONE_TITLE = 'Deze zorgkaart kun je niet (meer) zien';
export const CARE_GONE =
  'Een zorgkaart zie je alleen als baas, of als oppas vanaf het accepteren van een afspraak tot een week na het einde.';
export const CARE_SAVED = 'De zorgkaart is opgeslagen.';
export const CARE_EMPTY =
  'De baas heeft de zorgkaart nog niet ingevuld. Vraag het in jullie gesprek.';

const VIEWED_AT = new Intl.DateTimeFormat('nl-NL', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Amsterdam',
});

/** `/huisdier/:petId/zorgkaart`: the owner fills it in, a sitter reads it; both can print it. */
export function CareCardPage({ petId }: { petId: number }) {
  const card = useCareCard(petId);
  useDocumentTitle(card.data ? CARE_TITLE(card.data.petName) : 'Zorgkaart');
  if (card.isPending) return <CareCardSkeleton />;
  if (card.isError) {
    if (card.error instanceof ApiError && card.error.status === 404) {
      return (
        <EmptyState
          icon={ClipboardList}
          titleAs="h1"
          title={CARE_GONE_TITLE}
          description={CARE_GONE}
          className="py-16"
          action={
            <Link to={paths.dashboard} className={buttonStyles({ variant: 'primary' })}>
              Naar je dashboard
            </Link>
          }
        />
      );
    }
    return (
      <LoadError
        titleAs="h1"
        className="py-16"
        error={card.error}
        description="De zorgkaart kon niet worden geladen."
        onRetry={() => {
          void card.refetch();
        }}
      />
    );
  }
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-stone-900">
          {CARE_TITLE(card.data.petName)}
        </h1>
        <Button
          variant="secondary"
          className="print:hidden"
          onClick={() => {
            window.print();
          }}
        >
          <Printer aria-hidden="true" className="size-5" />
          Afdrukken
        </Button>
      </div>
      {card.data.mine ? <OwnCareCard card={card.data} /> : <SitterCareCard card={card.data} />}
    </article>
  );
}

function SitterCareCard({ card }: { card: CareCard }) {
  const filled = CARE_FIELDS.filter((field) => card.card[field.name]);
  return (
    <>
      <p className="text-stone-700 print:hidden">{CARE_FOR_SITTER}</p>
      {filled.length === 0 ? (
        <p className="text-stone-700 italic">{CARE_EMPTY}</p>
      ) : (
        <dl className="flex flex-col gap-4">
          {filled.map((field) => (
            <Card
              key={field.name}
              className="flex flex-col gap-1 print:break-inside-avoid print:shadow-none"
            >
              <dt className="text-sm font-semibold text-stone-700">{field.label}</dt>
              <dd className="whitespace-pre-line text-stone-900">{card.card[field.name]}</dd>
            </Card>
          ))}
        </dl>
      )}
    </>
  );
}

function OwnCareCard({ card }: { card: CareCard }) {
  const save = useSaveCareCard(card.petId);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
    reset,
  } = useForm<Record<Field, string>>({
    defaultValues: Object.fromEntries(
      CARE_FIELDS.map((field) => [field.name, card.card[field.name] ?? '']),
    ) as Record<Field, string>,
  });
  const serverFieldError = useServerFieldError(setError);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const stored = await save.mutateAsync(values);
      reset(
        Object.fromEntries(CARE_FIELDS.map((field) => [field.name, stored.card[field.name] ?? ''])),
      );
      setSaved(true);
    } catch (error) {
      if (
        serverFieldError(
          error,
          CARE_FIELDS.map((field) => field.name),
        ) === null
      ) {
        setFailure(
          error instanceof ApiError ? error.message : 'Opslaan lukte niet. Probeer het opnieuw.',
        );
      }
    }
  });

  return (
    <>
      <p className="rounded-2xl bg-orange-50 p-4 text-stone-800 print:hidden">{CARE_PRIVATE}</p>
      <form
        noValidate
        onSubmit={(event) => {
          void onSubmit(event);
        }}
        className="flex flex-col gap-4"
      >
        {failure && <FormAlert>{failure}</FormAlert>}
        {CARE_FIELDS.map((field) => (
          <Textarea
            key={field.name}
            label={field.label}
            hint={field.hint}
            maxLength={CARE_TEXT_MAX}
            error={errors[field.name]?.message}
            className="print:break-inside-avoid"
            {...register(field.name)}
          />
        ))}
        <div className="flex flex-wrap items-center gap-3 print:hidden">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Bezig met opslaan...' : 'Zorgkaart opslaan'}
          </Button>
          <p role="status" className="text-stone-700">
            {saved && !isDirty ? CARE_SAVED : ''}
          </p>
        </div>
      </form>
      <section aria-labelledby="care-views" className="flex flex-col gap-2 print:hidden">
        <h2 id="care-views" className="text-xl font-bold text-stone-900">
          Bekeken
        </h2>
        {card.views.length === 0 ? (
          <p className="text-stone-600 italic">Nog door geen oppas bekeken.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {card.views.map((view) => (
              <li key={`${view.firstName}-${view.at}`} className="text-stone-800">
                {view.firstName} heeft de zorgkaart bekeken{' '}
                <time dateTime={view.at} className="text-stone-600">
                  ({VIEWED_AT.format(new Date(view.at))})
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function CareCardSkeleton() {
  return (
    <Loading label="Zorgkaart laden..." className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-24 w-full" />
    </Loading>
  );
}
