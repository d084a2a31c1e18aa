import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';

/**
 * When an afspraak is: its day and, for more days, its last day (not before the first), above
 * the time it starts and the time it ends. Each field is a form's registration; a refusal of
 * the start is shown at the day, one of the end at the end time.
 */
export function WhenFields({
  day,
  until,
  from,
  to,
  firstDay,
  errors,
}: {
  day: UseFormRegisterReturn;
  until: UseFormRegisterReturn;
  from: UseFormRegisterReturn;
  to: UseFormRegisterReturn;
  /** The day as chosen ('' while empty): the last day cannot be picked before it. */
  firstDay: string;
  errors: {
    start?: string | undefined;
    until?: string | undefined;
    from?: string | undefined;
    end?: string | undefined;
  };
}) {
  return (
    <div className="grid grid-cols-2 gap-2">
      <Input type="date" label="Datum" error={errors.start} {...day} />
      <Input
        type="date"
        label="Tot en met (meer dagen)"
        min={firstDay || undefined}
        error={errors.until}
        {...until}
      />
      <Input type="time" label="Van" error={errors.from} {...from} />
      <Input type="time" label="Tot" error={errors.end} {...to} />
    </div>
  );
}
