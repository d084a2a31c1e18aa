// When an owner looks for help with a pet, in words: on the pet's page ('Van 12 december tot en
// met 20 december 2026') and on its card ('Hulp nodig op maandag en woensdag').
import type { components } from '@/lib/api/openapi';
import * as V from '@/lib/api/vocabulary';

export type HelpNeeded = components['schemas']['HelpNeeded'];
export type WeekDay = components['schemas']['WeekDay'];

const DAY_MONTH = new Intl.DateTimeFormat('nl-NL', {
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const DAY_MONTH_YEAR = new Intl.DateTimeFormat('nl-NL', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The day a `YYYY-MM-DD` date names, at noon UTC, so no time zone moves it to another day. */
function dayOf(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}

/** 'maandag', 'maandag en woensdag', 'maandag, woensdag en zondag' ('' for none). */
export function dutchList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} en ${items.at(-1) ?? ''}`;
}

/**
 * 'van 12 december tot en met 20 december 2026': both days included, the year once when both
 * fall in it, otherwise with each date ('van 28 december 2026 tot en met 3 januari 2027').
 */
export function periodText(from: string, until: string): string {
  const start = dayOf(from);
  const end = dayOf(until);
  const sameYear = start.getUTCFullYear() === end.getUTCFullYear();
  const first = (sameYear ? DAY_MONTH : DAY_MONTH_YEAR).format(start);
  return `van ${first} tot en met ${DAY_MONTH_YEAR.format(end)}`;
}

/** 'op maandag, woensdag en zondag': the days in the week's order, Monday first. */
export function daysText(days: readonly WeekDay[]): string {
  const names = V.WeekDay.values
    .filter((day) => days.includes(day))
    .map((day) => V.WeekDay.labels[day].toLowerCase());
  return `op ${dutchList(names)}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What the pet's page says: 'Van 12 december tot en met 20 december 2026', 'Regelmatig op maandag'. */
export function helpNeededText(help: HelpNeeded): string {
  return help.kind === 'periode'
    ? capitalised(periodText(help.from, help.until))
    : `${V.HelpKind.labels.regelmatig} ${daysText(help.days)}`;
}

/** The card's line: 'Hulp nodig van 12 december tot en met 20 december 2026', 'Hulp nodig op maandag'. */
export function helpNeededLine(help: HelpNeeded): string {
  return `Hulp nodig ${help.kind === 'periode' ? periodText(help.from, help.until) : daysText(help.days)}`;
}
