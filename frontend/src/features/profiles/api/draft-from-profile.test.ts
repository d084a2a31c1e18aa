import { describe, expect, it } from 'vitest';
import { splitName, splitPetChange } from '@/features/profiles/api/draft-from-profile';

describe('splitName', () => {
  it('splits at the first space', () => {
    expect(splitName('Anna van Dijk')).toEqual({ firstName: 'Anna', lastName: 'van Dijk' });
  });

  it('keeps a single name as the first name', () => {
    expect(splitName('  Cher ')).toEqual({ firstName: 'Cher', lastName: '' });
  });
});

describe('splitPetChange', () => {
  it("sends a pet's fields to the pet and the rest to its owner", () => {
    expect(
      splitPetChange({ petName: 'Max', bio: 'Lief.', location: 'Utrecht', postalCode: '3512' }),
    ).toEqual({
      pet: { petName: 'Max', bio: 'Lief.' },
      owner: { location: 'Utrecht', postalCode: '3512' },
    });
  });
});
