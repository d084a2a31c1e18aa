/** Calendar dates as people read them here: a date `YYYY-MM-DD` in Dutch, and the Dutch today. */

const DAY_MONTH_YEAR = new Intl.DateTimeFormat('nl-NL', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const ISO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' });

/** `2013-03-01` as '1 maart 2013'; anything that is not such a date as it is. */
export function dutchDate(iso: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : DAY_MONTH_YEAR.format(date);
}

/** Today's date in the Netherlands (`YYYY-MM-DD`): the day the server judges an age by. */
export function dutchToday(now: Date = new Date()): string {
  return ISO_DAY.format(now);
}

/** Whole years on `today` of someone born on `born` (both `YYYY-MM-DD`). */
export function ageOn(born: string, today: string): number {
  const parts = (iso: string) => {
    const [year = 0, month = 0, day = 0] = iso.split('-').map(Number);
    return { year, monthDay: month * 100 + day };
  };
  const from = parts(born);
  const to = parts(today);
  return to.year - from.year - (to.monthDay >= from.monthDay ? 0 : 1);
}
