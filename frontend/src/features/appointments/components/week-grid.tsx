import { Check } from 'lucide-react';
import type { WeekSlot } from '@/features/appointments/api/schedule';
import * as V from '@/lib/api/vocabulary';
import { cn } from '@/lib/cn';

type Day = WeekSlot['day'];
type Part = WeekSlot['part'];

/** Whether `slots` hold `part` of `day`. */
export function hasSlot(slots: readonly WeekSlot[], day: Day, part: Part) {
  return slots.some((slot) => slot.day === day && slot.part === part);
}

/**
 * A sitter's usual week as a small table: a row per day, a column per part of the day. Read:
 * a tick where she can ('Kan', 'Kan niet' for screen readers). With `onToggle`: a check box in
 * every cell, named by its day and part ('Maandag ochtend'). Fits a phone (four narrow columns).
 */
export function WeekGrid({
  slots,
  caption,
  onToggle,
}: {
  slots: readonly WeekSlot[];
  /** The table's name; left out inside a fieldset, whose legend names it. */
  caption?: string;
  onToggle?: (day: Day, part: Part) => void;
}) {
  return (
    <table className="w-full max-w-md table-fixed border-separate border-spacing-y-1 text-sm">
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead>
        <tr>
          <td className="w-3/10" />
          {V.DayPart.values.map((part) => (
            <th
              key={part}
              scope="col"
              className="px-1 pb-1 text-center font-semibold text-stone-700"
            >
              {V.DayPart.labels[part]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {V.WeekDay.values.map((day) => (
          <tr key={day}>
            <th scope="row" className="pr-2 text-left font-medium text-stone-800">
              {V.WeekDay.labels[day]}
            </th>
            {V.DayPart.values.map((part) =>
              onToggle ? (
                <td key={part} className="px-0.5">
                  <SlotBox
                    day={day}
                    part={part}
                    checked={hasSlot(slots, day, part)}
                    onToggle={onToggle}
                  />
                </td>
              ) : (
                <SlotCell key={part} can={hasSlot(slots, day, part)} />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A read cell: a tick, or an empty grey field. */
function SlotCell({ can }: { can: boolean }) {
  return (
    <td
      // As tall with a tick as without: every row the same height.
      className={cn(
        'h-7 rounded-lg py-1.5 text-center',
        can ? 'bg-teal-50 text-teal-800' : 'bg-stone-50 text-stone-400',
      )}
    >
      {can ? (
        <>
          <Check aria-hidden="true" className="mx-auto size-4" />
          <span className="sr-only">Kan</span>
        </>
      ) : (
        <span className="sr-only">Kan niet</span>
      )}
    </td>
  );
}

/** An editable cell's check box, the whole cell its target. */
function SlotBox({
  day,
  part,
  checked,
  onToggle,
}: {
  day: Day;
  part: Part;
  checked: boolean;
  onToggle: (day: Day, part: Part) => void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center justify-center rounded-lg ring-1 ring-stone-200 ring-inset has-[:checked]:bg-teal-50 has-[:checked]:ring-teal-300">
      <input
        type="checkbox"
        className="size-5 accent-teal-700"
        aria-label={`${V.WeekDay.labels[day]} ${V.DayPart.labels[part].toLowerCase()}`}
        checked={checked}
        onChange={() => {
          onToggle(day, part);
        }}
      />
    </label>
  );
}
