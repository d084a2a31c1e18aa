import { CalendarX } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import {
  useClearHelpNeeded,
  useSaveHelpNeeded,
  type HelpNeededBody,
} from '@/features/profiles/api/help-needed';
import { SAVE_FAILED } from '@/features/profiles/components/edit-field-dialog';
import { ApiError } from '@/lib/api/api-error';
import * as V from '@/lib/api/vocabulary';
import type { HelpNeeded, WeekDay } from '@/lib/profiles/help-needed';

type HelpKind = HelpNeeded['kind'];

/** The body of what is chosen: only the fields of its kind; an empty date is sent as none. */
function bodyOf(kind: HelpKind, from: string, until: string, days: WeekDay[]): HelpNeededBody {
  return kind === 'periode'
    ? { kind, from: from || null, until: until || null }
    : { kind, days: V.WeekDay.values.filter((day) => days.includes(day)) };
}

/** The fields each kind shows: a refusal for one of them is shown at it. */
const FIELDS: Record<HelpKind, readonly string[]> = {
  periode: ['from', 'until'],
  regelmatig: ['days'],
};

/**
 * 'Wanneer zoek je hulp voor Bobby?': the owner chooses a period (both days included) or
 * regular days of the week, or says help is no longer needed; refused with the server's words at
 * the field at fault.
 */
export function HelpNeededDialog({
  petId,
  petName,
  help,
  open,
  onClose,
}: {
  petId: number;
  petName: string;
  help: HelpNeeded | null;
  open: boolean;
  onClose: () => void;
}) {
  const [kind, setKind] = useState<HelpKind>(help?.kind ?? V.HelpKind.values[0]);
  const [from, setFrom] = useState(help?.kind === 'periode' ? help.from : '');
  const [until, setUntil] = useState(help?.kind === 'periode' ? help.until : '');
  const [days, setDays] = useState<WeekDay[]>(help?.kind === 'regelmatig' ? help.days : []);
  const save = useSaveHelpNeeded(petId);
  const clear = useClearHelpNeeded(petId);
  const kindName = useId();
  const daysErrorId = useId();
  const busy = save.isPending || clear.isPending;

  const failed = save.error ?? clear.error;
  const apiError = failed instanceof ApiError ? failed : null;
  // A refusal of a field on screen is shown at that field; anything else above the fields.
  const fieldError = (field: string) =>
    apiError?.status === 422 && apiError.field === field && FIELDS[kind].includes(field)
      ? apiError.message
      : undefined;
  const atField = apiError?.field !== undefined && fieldError(apiError.field) !== undefined;
  const alert = failed && !atField ? (apiError?.message ?? SAVE_FAILED) : null;

  const forget = () => {
    save.reset();
    clear.reset();
  };
  const toggle = (day: WeekDay, on: boolean) => {
    setDays(on ? [...days, day] : days.filter((d) => d !== day));
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Wanneer zoek je hulp voor ${petName}?`}
      sheet
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Annuleren
          </Button>
          <Button
            disabled={busy}
            aria-busy={save.isPending}
            onClick={() => {
              clear.reset();
              save.mutate(bodyOf(kind, from, until, days), { onSuccess: onClose });
            }}
          >
            {save.isPending && <Spinner />}
            {save.isPending ? 'Opslaan...' : 'Opslaan'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-6">
        {alert && <FormAlert>{alert}</FormAlert>}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold text-stone-800">Hoe vaak</legend>
          <div className="flex flex-wrap gap-2">
            {V.HelpKind.edit.map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-stone-800 ring-1 ring-stone-200 ring-inset has-[:checked]:bg-orange-50 has-[:checked]:ring-orange-300"
              >
                <input
                  type="radio"
                  name={kindName}
                  value={value}
                  checked={kind === value}
                  className="size-5 shrink-0 accent-orange-700"
                  onChange={() => {
                    forget();
                    setKind(value);
                  }}
                />
                {V.HelpKind.labels[value]}
              </label>
            ))}
          </div>
        </fieldset>

        {kind === 'periode' ? (
          <div className="grid grid-cols-2 gap-2">
            <Input
              type="date"
              label="Van"
              value={from}
              error={fieldError('from')}
              onChange={(event) => {
                setFrom(event.target.value);
              }}
            />
            <Input
              type="date"
              label="Tot en met"
              value={until}
              min={from || undefined}
              error={fieldError('until')}
              onChange={(event) => {
                setUntil(event.target.value);
              }}
            />
          </div>
        ) : (
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={fieldError('days') ? daysErrorId : undefined}
          >
            <legend className="mb-2 text-sm font-semibold text-stone-800">Op welke dagen</legend>
            <div className="grid grid-cols-2 gap-2">
              {V.WeekDay.values.map((day) => (
                <label
                  key={day}
                  className="flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-stone-800 ring-1 ring-stone-200 ring-inset has-[:checked]:bg-orange-50 has-[:checked]:ring-orange-300"
                >
                  <input
                    type="checkbox"
                    value={day}
                    checked={days.includes(day)}
                    aria-invalid={fieldError('days') ? true : undefined}
                    className="size-5 shrink-0 accent-orange-700"
                    onChange={(event) => {
                      toggle(day, event.target.checked);
                    }}
                  />
                  {V.WeekDay.labels[day]}
                </label>
              ))}
            </div>
            {fieldError('days') && (
              <p id={daysErrorId} className="text-sm font-medium text-red-800">
                {fieldError('days')}
              </p>
            )}
          </fieldset>
        )}

        {help && (
          <div className="flex flex-col gap-2 border-t border-stone-200 pt-4">
            <p className="text-sm text-stone-700">
              Zoek je geen hulp meer? Dan verdwijnt het van de pagina en de kaart van {petName}.
            </p>
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              disabled={busy}
              aria-busy={clear.isPending}
              onClick={() => {
                save.reset();
                clear.mutate(undefined, { onSuccess: onClose });
              }}
            >
              {clear.isPending ? (
                <Spinner className="size-4" />
              ) : (
                <CalendarX aria-hidden="true" className="size-4" />
              )}
              Niet meer nodig
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
