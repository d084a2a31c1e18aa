import { Check } from 'lucide-react';
import type { WeekSlot } from '@/features/profiles/api/schedule';
import * as V from '@/lib/api/vocabulary';

/** Whether `slots` hold `part` of `day`. */
export function hasSlot(slots: readonly WeekSlot[], day: WeekSlot['day'], part: WeekSlot['part']) {
  return slots.some((slot) => slot.day === day && slot.part === part);
}

/**
 * A sitter's usual week as a small table: a row per day, a column per part of the day, a tick
 * where she can. Fits a phone (four narrow columns).
 */
export function WeekGrid({ slots, caption }: { slots: readonly WeekSlot[]; caption: string }) {
  return (
    <table className="w-full max-w-md table-fixed border-separate border-spacing-y-1 text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <td className="w-2/5" />
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
            {V.DayPart.values.map((part) => {
              const can = hasSlot(slots, day, part);
              return (
                <td
                  key={part}
                  className={
                    can
                      ? 'rounded-lg bg-teal-50 py-1.5 text-center text-teal-800'
                      : 'rounded-lg bg-stone-50 py-1.5 text-center text-stone-400'
                  }
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
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
