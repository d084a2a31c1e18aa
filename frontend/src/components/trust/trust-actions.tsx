import { zodResolver } from '@hookform/resolvers/zod';
import { Ban, Flag } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Textarea } from '@/components/ui/form-fields';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api/api-error';
import * as V from '@/lib/api/vocabulary';
import { useAuth } from '@/lib/auth/use-auth';
import { useReport, useReportReference, useSetBlocked } from '@/lib/trust/trust';

export const REPORT_THANKS = 'Bedankt voor je melding. Een moderator bekijkt hem zo snel mogelijk.';
export const CHOOSE_REASON = 'Kies een reden.';
const FAILED = 'Dat lukte niet. Probeer het later opnieuw.';

const failureText = (error: unknown) => (error instanceof ApiError ? error.message : FAILED);

export interface TrustActionsProps {
  /** The person's account. */
  userId: number;
  /** Their name as the page shows it. */
  name: string;
  /** The card the page is about (a profile page). */
  listingId?: string | undefined;
  /** The conversation the report is about (a conversation). */
  conversationId?: number | undefined;
  /** After a block: where the page goes, since its person is now out of sight. */
  onBlocked?: (() => void) | undefined;
  /** Icons only on a phone (a conversation's header has little room); the words stay for screen readers. */
  compact?: boolean | undefined;
}

/**
 * 'Melden' and 'Blokkeren' for a signed-in person about someone else; nothing for a visitor or
 * on one's own page.
 */
export function TrustActions(props: TrustActionsProps) {
  const { user, isPending } = useAuth();
  if (isPending || user === null || user.id === props.userId) return null;
  const { userId, listingId, conversationId } = props;
  return (
    <div className="flex flex-wrap gap-2">
      <ReportButton
        name={props.name}
        title={`${props.name} melden`}
        compact={props.compact}
        about={{ userId, listingId: listingId ?? null, conversationId: conversationId ?? null }}
      />
      <BlockButton {...props} />
    </div>
  );
}

/**
 * 'Melden' beside a reference on a sitter's or owner's page, for a signed-in reader: the
 * moderators read it and may hide the reference.
 */
export function ReportReference({
  referenceId,
  authorName,
}: {
  referenceId: number;
  /** Its author's first name, as the page shows it. */
  authorName: string;
}) {
  const { user } = useAuth();
  if (user === null) return null;
  return (
    <ReportButton
      name={authorName}
      title={`Referentie van ${authorName} melden`}
      label={`Referentie van ${authorName} melden`}
      compact
      about={{ referenceId }}
    />
  );
}

/** A report as written: a reason must be picked, the note may stay empty. */
const reportSchema = z.object({
  reason: z
    .union([z.enum(V.ReportReason.values), z.null()])
    .pipe(z.enum(V.ReportReason.values, CHOOSE_REASON)),
  note: z.string().trim(),
});
type ReportInput = z.input<typeof reportSchema>;
type ReportValues = z.output<typeof reportSchema>;
const NO_REPORT: ReportInput = { reason: null, note: '' };

const word = (compact: boolean | undefined) => (compact ? 'max-sm:sr-only' : undefined);

/** What a report is about: a person (from their page or a conversation) or a reference. */
type ReportAbout =
  | { userId: number; listingId: string | null; conversationId: number | null }
  | { referenceId: number };

function ReportButton({
  name,
  title,
  about,
  label,
  compact,
}: {
  /** The person reported, as the page names them. */
  name: string;
  /** The dialog's title. */
  title: string;
  about: ReportAbout;
  /** The button's name when 'Melden' alone would not say what (several on a page). */
  label?: string | undefined;
  compact?: boolean | undefined;
}) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const reportPerson = useReport();
  const reportReference = useReportReference();
  const report = 'referenceId' in about ? reportReference : reportPerson;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ReportInput, unknown, ReportValues>({
    resolver: zodResolver(reportSchema),
    defaultValues: NO_REPORT,
    // The reason's message stays until the next try, as the server's does.
    reValidateMode: 'onSubmit',
  });
  const error = errors.reason?.message ?? errors.root?.server?.message;
  const close = () => {
    setOpen(false);
    reset(NO_REPORT);
    setDone(false);
    report.reset();
  };
  const submit = handleSubmit(async ({ reason, note }) => {
    const said = { reason, note: note === '' ? null : note };
    try {
      if ('referenceId' in about) {
        await reportReference.mutateAsync({ referenceId: about.referenceId, ...said });
      } else {
        await reportPerson.mutateAsync({ ...about, ...said });
      }
      setDone(true);
    } catch (failure) {
      setError('root.server', { message: failureText(failure) });
    }
  });
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={label}
        onClick={() => {
          setOpen(true);
        }}
      >
        <Flag aria-hidden="true" className="size-4" />
        <span className={word(compact)}>Melden</span>
      </Button>
      <Dialog open={open} onClose={close} title={title}>
        {done ? (
          <>
            <p role="status" className="text-stone-700">
              {REPORT_THANKS}
            </p>
            <div className="flex justify-end">
              <Button onClick={close}>Klaar</Button>
            </div>
          </>
        ) : (
          <form
            className="flex flex-col gap-4"
            noValidate
            onSubmit={(event) => {
              void submit(event);
            }}
          >
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-semibold text-stone-800">
                Wat is er aan de hand?
              </legend>
              {V.ReportReason.values.map((value) => (
                <label key={value} className="flex items-center gap-3 text-stone-800">
                  <input
                    type="radio"
                    value={value}
                    {...register('reason')}
                    className="size-4 accent-orange-700"
                  />
                  {V.ReportReason.labels[value]}
                </label>
              ))}
            </fieldset>
            <Textarea
              label="Toelichting (niet verplicht)"
              hint={`Wat is er gebeurd? Hooguit ${String(V.REPORT_NOTE_MAX)} tekens.`}
              maxLength={V.REPORT_NOTE_MAX}
              {...register('note')}
            />
            {error && <FormAlert>{error}</FormAlert>}
            <p className="text-sm text-stone-600">
              Alleen de moderators lezen je melding; {name} ziet niet wie meldde.
            </p>
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="ghost" onClick={close}>
                Annuleren
              </Button>
              <Button type="submit" disabled={report.isPending} aria-busy={report.isPending}>
                {report.isPending && <Spinner />}
                Melding versturen
              </Button>
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}

function BlockButton({ userId, name, onBlocked, compact }: TrustActionsProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const setBlocked = useSetBlocked();
  const close = () => {
    setOpen(false);
    setError(null);
  };
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          setOpen(true);
        }}
      >
        <Ban aria-hidden="true" className="size-4" />
        <span className={word(compact)}>Blokkeren</span>
      </Button>
      <ConfirmDialog
        open={open}
        title={`${name} blokkeren?`}
        confirmLabel="Blokkeren"
        busy={setBlocked.isPending}
        error={error}
        onConfirm={() => {
          setBlocked.mutate(
            { userId, blocked: true },
            {
              onSuccess: () => {
                close();
                onBlocked?.();
              },
              onError: (failure) => {
                setError(failureText(failure));
              },
            },
          );
        }}
        onCancel={close}
      >
        <p className="text-stone-700">
          Jullie kunnen elkaar dan geen berichten meer sturen, jullie gesprek verdwijnt uit je lijst
          en jullie zien elkaars profielen niet meer in de lijsten. Deblokkeren kan altijd bij je
          instellingen.
        </p>
      </ConfirmDialog>
    </>
  );
}
