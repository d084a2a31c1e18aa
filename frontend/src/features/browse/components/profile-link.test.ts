import { describe, expect, it } from 'vitest';
import { formatDistance, referencesLabel } from '@/features/browse/components/profile-link';

describe('the distance on a card', () => {
  it.each([
    [0, '< 1 km'],
    [0.04, '< 1 km'],
    [0.999, '< 1 km'],
  ])('reads %s km as "< 1 km" instead of a zero', (km, text) => {
    expect(formatDistance(km)).toBe(text);
  });

  it.each([
    [1, '1,0 km'],
    [3.42, '3,4 km'],
    [12, '12,0 km'],
    [99.96, '100,0 km'],
  ])('reads %s km with one decimal and a comma', (km, text) => {
    expect(formatDistance(km)).toBe(text);
  });
});

describe('the references on a card', () => {
  it('counts one in the singular and more in the plural', () => {
    expect(referencesLabel(1)).toBe('1 referentie');
    expect(referencesLabel(4)).toBe('4 referenties');
  });
});
