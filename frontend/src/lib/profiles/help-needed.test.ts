import { describe, expect, it } from 'vitest';
import {
  daysText,
  dutchList,
  helpNeededLine,
  helpNeededText,
  periodText,
} from '@/lib/profiles/help-needed';

describe('dutchList', () => {
  it('joins with commas and en before the last', () => {
    expect(dutchList([])).toBe('');
    expect(dutchList(['maandag'])).toBe('maandag');
    expect(dutchList(['maandag', 'woensdag'])).toBe('maandag en woensdag');
    expect(dutchList(['maandag', 'woensdag', 'zondag'])).toBe('maandag, woensdag en zondag');
  });
});

describe('periodText', () => {
  it('writes the months out and the year once when both days fall in it', () => {
    expect(periodText('2026-12-12', '2026-12-20')).toBe(
      'van 12 december tot en met 20 december 2026',
    );
    expect(periodText('2027-03-01', '2027-05-31')).toBe('van 1 maart tot en met 31 mei 2027');
  });

  it('gives each day its year when the period runs into the next', () => {
    expect(periodText('2026-12-28', '2027-01-03')).toBe(
      'van 28 december 2026 tot en met 3 januari 2027',
    );
  });

  it('reads a single day as from and until that day', () => {
    expect(periodText('2026-07-04', '2026-07-04')).toBe('van 4 juli tot en met 4 juli 2026');
  });
});

describe('daysText', () => {
  it('names the days in lower case, Monday first, whatever order they come in', () => {
    expect(daysText(['zondag', 'maandag', 'woensdag'])).toBe('op maandag, woensdag en zondag');
    expect(daysText(['vrijdag'])).toBe('op vrijdag');
  });
});

describe('helpNeededText', () => {
  it('says a period from its first to its last day', () => {
    expect(helpNeededText({ kind: 'periode', from: '2026-12-12', until: '2026-12-20' })).toBe(
      'Van 12 december tot en met 20 december 2026',
    );
  });

  it('says regular help with its days', () => {
    expect(helpNeededText({ kind: 'regelmatig', days: ['maandag', 'woensdag', 'zondag'] })).toBe(
      'Regelmatig op maandag, woensdag en zondag',
    );
  });
});

describe('helpNeededLine', () => {
  it('starts the card line with Hulp nodig, in the words of the page', () => {
    expect(helpNeededLine({ kind: 'periode', from: '2026-12-12', until: '2026-12-20' })).toBe(
      'Hulp nodig van 12 december tot en met 20 december 2026',
    );
    expect(helpNeededLine({ kind: 'regelmatig', days: ['maandag', 'woensdag'] })).toBe(
      'Hulp nodig op maandag en woensdag',
    );
  });
});
