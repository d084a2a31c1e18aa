import { describe, expect, it } from 'vitest';
import { parseProfileId } from '@/lib/profiles/profile-id';

describe('parseProfileId', () => {
  it('takes positive whole numbers only', () => {
    expect(parseProfileId('42')).toBe(42);
    expect(parseProfileId('0')).toBeNull();
    expect(parseProfileId('4a')).toBeNull();
    expect(parseProfileId('-1')).toBeNull();
    expect(parseProfileId(undefined)).toBeNull();
  });
});
