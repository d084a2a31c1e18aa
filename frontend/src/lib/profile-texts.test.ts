import { describe, expect, it } from 'vitest';
import { DRAFT_REFUSALS } from '@/lib/api/vocabulary';
import { postcodeRefusal } from '@/lib/profile-texts';

describe('postcodeRefusal', () => {
  it('tells four digits starting with 0 that, and any other shape how a postcode looks', () => {
    expect(postcodeRefusal('0123')).toBe(DRAFT_REFUSALS.postalCodeLeadingZero);
    expect(postcodeRefusal('0123')).toBe('Een postcode begint niet met 0 (bijvoorbeeld: 1234).');
    expect(postcodeRefusal('123')).toBe(DRAFT_REFUSALS.postalCode);
    expect(postcodeRefusal('12ab')).toBe(DRAFT_REFUSALS.postalCode);
    expect(postcodeRefusal('3512')).toBeNull();
  });
});
