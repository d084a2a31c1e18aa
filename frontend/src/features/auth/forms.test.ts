import { describe, expect, it } from 'vitest';
import { codeSchema, digitsOnly, safeRedirect, signUpSchema } from '@/features/auth/forms';

const messages = (input: unknown) => {
  const result = signUpSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the sign-up form', () => {
  it('names every missing field in the order of the form', () => {
    expect(messages({ firstName: ' ', lastName: '', email: '', terms: false })).toEqual([
      'Voornaam is verplicht',
      'Achternaam is verplicht',
      'E-mailadres is verplicht',
      'Je moet akkoord gaan met de algemene voorwaarden',
    ]);
  });

  it('trims the names and trims and lowercases the address', () => {
    expect(
      signUpSchema.parse({
        firstName: '  Noor ',
        lastName: ' Visser',
        email: ' Noor.Visser@Example.NL ',
        terms: true,
      }),
    ).toEqual({
      firstName: 'Noor',
      lastName: 'Visser',
      email: 'noor.visser@example.nl',
      terms: true,
    });
  });

  it('refuses names longer than 50 characters and addresses that are not one', () => {
    expect(
      messages({ firstName: 'a'.repeat(51), lastName: 'b', email: 'geen-adres', terms: true }),
    ).toEqual(['Maximaal 50 tekens toegestaan.', 'Voer een geldig e-mailadres in']);
    expect(
      messages({ firstName: 'a'.repeat(50), lastName: 'b', email: 'a@b.nl', terms: true }),
    ).toEqual([]);
  });
});

describe('codes', () => {
  it('keeps only digits, at most six', () => {
    expect(digitsOnly('12ab 3-45678')).toBe('123456');
    expect(digitsOnly('abc')).toBe('');
  });

  it('accepts exactly six digits and says what is wrong otherwise', () => {
    expect(codeSchema.safeParse({ code: '123456' }).success).toBe(true);
    for (const code of ['12345', '1234567', '12345a', '']) {
      const result = codeSchema.safeParse({ code });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Voer een geldige 6-cijferige code in');
    }
  });
});

describe('where a successful code check leads', () => {
  it('follows paths on this site and nothing else', () => {
    expect(safeRedirect('/profiel-aanmaken', '/dashboard')).toBe('/profiel-aanmaken');
    expect(safeRedirect('//kwaad.example/x', '/dashboard')).toBe('/dashboard');
    expect(safeRedirect('/\\kwaad.example', '/dashboard')).toBe('/dashboard');
    expect(safeRedirect('https://kwaad.example', '/dashboard')).toBe('/dashboard');
    expect(safeRedirect('javascript:alert(1)', '/dashboard')).toBe('/dashboard');
    expect(safeRedirect('/..//kwaad.example', '/dashboard')).toBe('/dashboard');
    expect(safeRedirect('/%2F%2Fkwaad.example', '/dashboard')).toBe('/dashboard');
    expect(safeRedirect(undefined, '/dashboard')).toBe('/dashboard');
  });
});
