import { describe, expect, it } from 'vitest';
import { ageOn, dutchDate, dutchToday } from './dates';

describe('dates', () => {
  it('writes a date the Dutch way', () => {
    expect(dutchDate('2013-03-01')).toBe('1 maart 2013');
    expect(dutchDate('')).toBe('');
    expect(dutchDate('01-03-2013')).toBe('01-03-2013');
  });

  it('counts whole years from the birthday', () => {
    expect(ageOn('2008-11-29', '2026-11-29')).toBe(18);
    expect(ageOn('2008-11-30', '2026-11-29')).toBe(17);
    expect(ageOn('1990-04-02', '2026-04-01')).toBe(35);
  });

  it('reads today by the Dutch clock', () => {
    // 23:30 UTC on 31 December is already New Year's Day in Amsterdam.
    expect(dutchToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});
