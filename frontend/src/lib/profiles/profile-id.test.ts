import { describe, expect, it } from 'vitest';
import { parsePetId, parseProfileId } from '@/lib/profiles/profile-id';

describe('parseProfileId', () => {
  it('takes positive whole numbers only', () => {
    expect(parseProfileId('42')).toBe(42);
    expect(parseProfileId('0')).toBeNull();
    expect(parseProfileId('4a')).toBeNull();
    expect(parseProfileId('-1')).toBeNull();
    expect(parseProfileId(undefined)).toBeNull();
  });
});

describe('parsePetId', () => {
  it('takes a pet id with or without its prefix, and nothing else', () => {
    expect(parsePetId('pet-5')).toBe(5);
    expect(parsePetId('5')).toBe(5);
    expect(parsePetId('volunteer-5')).toBeNull();
    expect(parsePetId('pet-0')).toBeNull();
    expect(parsePetId(undefined)).toBeNull();
  });
});
