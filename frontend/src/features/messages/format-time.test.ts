import { describe, expect, it } from 'vitest';
import { clockTime, dayLabel, relativeTime } from '@/features/messages/format-time';

// Local times, so that the expectations hold in any time zone.
const now = new Date(2026, 2, 10, 15, 30);
const at = (day: number, hour: number, minute = 0, month = 2, year = 2026) =>
  new Date(year, month, day, hour, minute);

describe('clockTime', () => {
  it('writes hours and minutes the Dutch way', () => {
    expect(clockTime(at(10, 9, 5))).toBe('09:05');
    expect(clockTime(at(10, 21, 45))).toBe('21:45');
  });
});

describe('dayLabel', () => {
  it.each([
    ['today', at(10, 0, 1), 'Vandaag'],
    ['yesterday', at(9, 23, 59), 'Gisteren'],
    ['earlier this year', at(3, 12), 'dinsdag 3 maart'],
    ['another year', at(24, 12, 0, 11, 2025), 'woensdag 24 december 2025'],
  ])('names %s', (_case, when, label) => {
    expect(dayLabel(when, now)).toBe(label);
  });
});

describe('relativeTime', () => {
  it.each([
    ['under a minute', new Date(now.getTime() - 30_000), 'zojuist'],
    ['minutes', at(10, 15, 25), '5 minuten geleden'],
    ['hours today', at(10, 12, 10), '3 uur geleden'],
    ['yesterday', at(9, 18), 'gisteren'],
    ['days', at(6, 18), '4 dagen geleden'],
    ['a date this year', at(1, 18, 0, 1), '1 feb'],
    ['a date another year', at(1, 18, 0, 1, 2025), '1 feb 2025'],
  ])('says %s', (_case, when, text) => {
    expect(relativeTime(when, now)).toBe(text);
  });
});
