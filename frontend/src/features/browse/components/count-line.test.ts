import { describe, expect, it } from 'vitest';
import {
  countLine,
  petCountLine,
  shownCount,
  volunteerCountLine,
} from '@/features/browse/components/count-line';
import { readBrowseParams } from '@/features/browse/hooks/use-browse-params';

describe('count lines', () => {
  it('write counts the Dutch way, and a capped count as its cap with a plus', () => {
    expect(shownCount(7)).toBe('7');
    expect(shownCount(133000)).toBe('133.000');
    expect(shownCount(1000, true)).toBe('1.000+');
  });

  it('say one in the singular only when exactly one was counted', () => {
    const params = readBrowseParams(new URLSearchParams('q=hond&type=huisdier'));
    expect(countLine(1, params)).toBe('1 profiel gevonden in Huisdieren voor "hond"');
    expect(countLine(1000, params, true)).toBe(
      '1.000+ profielen gevonden in Huisdieren voor "hond"',
    );
    expect(petCountLine(1)).toBe('1 lieve huisdier gevonden');
    expect(petCountLine(1000, true)).toBe('1.000+ huisdieren gevonden');
    expect(volunteerCountLine(2)).toBe('2 vrijwilligers gevonden');
  });
});
