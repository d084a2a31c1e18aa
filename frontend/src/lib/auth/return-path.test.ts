import { beforeEach, describe, expect, it } from 'vitest';
import {
  loginPathReturningTo,
  rememberReturnPath,
  safeReturnPath,
  takeRememberedReturnPath,
} from '@/lib/auth/return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/huisdier/30', '/huisdier/30'],
    ['/berichten?conversation=4', '/berichten?conversation=4'],
    ['/vrijwilliger/12#contact', '/vrijwilliger/12#contact'],
  ])('accepts the local path %s', (raw, path) => {
    expect(safeReturnPath(raw)).toBe(path);
  });

  it.each([
    ['another site', 'https://evil.example/huisdier/30'],
    ['a protocol-relative address', '//evil.example/pad'],
    ['a backslash trick', '/\\evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'huisdier/30'],
    ['the login page itself', '/inloggen?next=/dashboard'],
    ['nothing', null],
    ['something else', 42],
  ])('refuses %s', (_case, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });
});

describe('loginPathReturningTo', () => {
  it('names the way back in the address of /inloggen', () => {
    expect(loginPathReturningTo('/huisdier/30?x=1')).toBe(
      '/inloggen?next=%2Fhuisdier%2F30%3Fx%3D1',
    );
  });
});

describe('the remembered return path', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
  });

  it('is read once', () => {
    rememberReturnPath('/huisdier/30');
    expect(takeRememberedReturnPath()).toBe('/huisdier/30');
    expect(takeRememberedReturnPath()).toBeNull();
  });

  it('is forgotten when a sign-in starts without one', () => {
    rememberReturnPath('/huisdier/30');
    rememberReturnPath(null);
    expect(takeRememberedReturnPath()).toBeNull();
  });

  it('is checked again when read', () => {
    window.sessionStorage.setItem('oppas.returnTo', '//evil.example');
    expect(takeRememberedReturnPath()).toBeNull();
  });
});
