import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Textarea } from '@/components/ui/form-fields';
import { Spinner } from '@/components/ui/spinner';
import * as V from '@/lib/api/vocabulary';
import { failureText, useReport, useReportReference } from '@/lib/trust/trust';

export const REPORT_THANKS = 'Bedankt voor je melding. Een moderator bekijkt hem zo snel mogelijk.';
export const CHOOSE_REASON = 'Kies een reden.';

/** What a report is about: a person (from their page or a conversation) or a reference. */
export type ReportAbout =
  | { userId: number; listingId: string | null; conversationId: number | null }
  | { referenceId: number };

/** The reasons people choose from (the platform files some reports itself, for its own reasons). */
const REASONS = V.ReportReason.wizard;

/** A report as written: one of the offered reasons must be picked, the note may stay empty. */
const reportSchema = z.object({
  reason: z
    .union([z.enum(V.ReportReason.values), z.null()])
    .pipe(
      z
        .enum(V.ReportReason.values, CHOOSE_REASON)
        .refine((reason) => REASONS.includes(reason), CHOOSE_REASON),
    ),
  note: z.string().trim(),
});
type ReportInput = z.input<typeof reportSchema>;
type ReportValues = z.output<typeof reportSchema>;
const NO_REPORT: ReportInput = { reason: null, note: '' };

/**
 * The report form in its dialog. A module of its own, loaded when someone first asks to report:
 * a profile page's visitors never need the form's code (and the validation library under it).
 */
export function ReportDialog({
  open,
  onClose,
  name,
  title,
  about,
}: {
  open: boolean;
  onClose: () => void;
  /** The person reported, as the page names them. */
  name: string;
  /** The dialog's title. */
  title: string;
  about: ReportAbout;
}) {
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
    onClose();
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
            {REASONS.map((value) => (
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
  );
}
