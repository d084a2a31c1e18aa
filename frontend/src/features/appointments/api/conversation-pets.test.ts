import { describe, expect, it } from 'vitest';
import { kindSuits } from '@/features/appointments/api/conversation-pets';

describe('kindSuits', () => {
  it('offers walks for a dog, not for a cat or a dog and a cat together', () => {
    expect(kindSuits('uitlaten', [{ species: 'hond' }])).toBe(true);
    expect(kindSuits('uitlaten', [{ species: 'kat' }])).toBe(false);
    expect(kindSuits('uitlaten', [{ species: 'hond' }, { species: 'kat' }])).toBe(false);
  });

  it('offers a first meeting and a home visit for every pet, and anything without pets', () => {
    expect(kindSuits('kennismaking', [{ species: 'kat' }])).toBe(true);
    expect(kindSuits('huisbezoek', [{ species: 'kat' }])).toBe(true);
    expect(kindSuits('uitlaten', [])).toBe(true);
  });
});
