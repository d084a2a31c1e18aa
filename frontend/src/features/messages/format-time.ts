/** Dutch times and dates of the messages page, in the reader's own time zone. */

const CLOCK = new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit' });
const DAY_THIS_YEAR = new Intl.DateTimeFormat('nl-NL', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});
const DAY_OTHER_YEAR = new Intl.DateTimeFormat('nl-NL', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const SHORT_DATE = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'short' });
const SHORT_DATE_OTHER_YEAR = new Intl.DateTimeFormat('nl-NL', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const FULL = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeStyle: 'short' });
const RELATIVE = new Intl.RelativeTimeFormat('nl', { numeric: 'auto' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** '14:05'. */
export function clockTime(when: Date): string {
  return CLOCK.format(when);
}

/** '3 maart 2026 om 14:05', for a tooltip. */
export function fullDateTime(when: Date): string {
  return FULL.format(when);
}

/** Whole calendar days from `earlier` to `later` (0 on the same day). */
function daysBetween(earlier: Date, later: Date): number {
  const start = new Date(earlier.getFullYear(), earlier.getMonth(), earlier.getDate());
  const end = new Date(later.getFullYear(), later.getMonth(), later.getDate());
  return Math.round((end.getTime() - start.getTime()) / (24 * HOUR));
}

/** The day separator of a thread: 'Vandaag', 'Gisteren', else 'dinsdag 3 maart' (with the year when it is not this one). */
export function dayLabel(when: Date, now: Date): string {
  const days = daysBetween(when, now);
  if (days === 0) return 'Vandaag';
  if (days === 1) return 'Gisteren';
  return (when.getFullYear() === now.getFullYear() ? DAY_THIS_YEAR : DAY_OTHER_YEAR).format(when);
}

/** The same calendar day: messages under one separator. */
export function sameDay(a: Date, b: Date): boolean {
  return daysBetween(a, b) === 0;
}

/**
 * How long ago, for the inbox: 'zojuist', '5 minuten geleden', '3 uur geleden', 'gisteren',
 * '3 dagen geleden', else the date ('3 mrt').
 */
export function relativeTime(when: Date, now: Date): string {
  const elapsed = now.getTime() - when.getTime();
  if (elapsed < MINUTE) return 'zojuist';
  if (elapsed < HOUR) return RELATIVE.format(-Math.floor(elapsed / MINUTE), 'minute');
  const days = daysBetween(when, now);
  if (days === 0) return RELATIVE.format(-Math.floor(elapsed / HOUR), 'hour');
  if (days < 7) return RELATIVE.format(-days, 'day');
  return (when.getFullYear() === now.getFullYear() ? SHORT_DATE : SHORT_DATE_OTHER_YEAR).format(
    when,
  );
}
