import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
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
    ['/profielen?soort=hond&plaats=Utrecht#kaart', '/profielen?soort=hond&plaats=Utrecht#kaart'],
    ['/huisdier/30/../31?x=1', '/huisdier/31?x=1'],
  ])('keeps the local path %s', (raw, path) => {
    expect(safeReturnPath(raw)).toBe(path);
  });

  it.each([
    ['another site', 'https://evil.example/huisdier/30'],
    ['another site, plain', 'https://evil.example'],
    ['another site over http', 'http://evil.example'],
    ['a protocol-relative address', '//evil.example/pad'],
    ['a backslash trick', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a dot-dot before two slashes', '/..//evil.example'],
    ['a dot before a backslash', '/./\\evil'],
    ['a dot-dot before a backslash', '/..\\evil'],
    ['several dot-dots before two slashes', '/a/../..//evil.example'],
    ['encoded slashes', '/%2F%2Fevil'],
    ['encoded slashes in lower case', '/%2f%2fevil'],
    ['an encoded slash after the first', '/%2Fevil.example'],
    ['an encoded backslash', '/%5Cevil'],
    ['an encoded backslash in lower case', '/%5cevil'],
    ['a twice encoded slash', '/%252F%252Fevil'],
    ['a script', 'javascript:alert(1)'],
    ['a script in mixed case', 'JaVaScRiPt:alert(1)'],
    ['a script hidden behind a comment', 'javascript://%0Aalert(1)'],
    ['a data address', 'data:text/html,<script>alert(1)</script>'],
    ['a tab inside', '/\t/evil.example'],
    ['a newline inside', '/\n/evil.example'],
    ['a carriage return inside', '/\r/evil.example'],
    ['a tab after a dot-dot', '/..\t//evil.example'],
    ['a leading space', ' //evil.example'],
    ['a relative path', 'huisdier/30'],
    ['the login page itself', '/inloggen?next=/dashboard'],
    ['an empty string', ''],
    ['nothing', null],
    ['something else', 42],
  ])('refuses %s', (_case, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  // Dots and slashes in percent-encoding: the address parser reads '%2e%2e' as '..', and
  // whatever decodes the path next reads '%2F' and '%5C' as a slash and a backslash.
  it.each([
    ['an encoded dot-dot before two slashes', '/%2e%2e//evil.example'],
    ['an encoded dot-dot in capitals before an encoded slash', '/%2E%2E/%2Fevil.example'],
    ['a half-encoded dot-dot before two slashes', '/.%2e//evil.example'],
    ['two encoded slashes without a plain one', '%2F%2Fevil.example'],
    ['an encoded backslash before a host', '/%5Cevil.example'],
  ])('refuses %s, so that the way back stays on this site', (_case, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
    // Where the sign-in then leads (its fallback): a page of this site.
    const landing = new URL(safeReturnPath(raw) ?? paths.dashboard, window.location.origin);
    expect(landing.origin).toBe(window.location.origin);
    expect(landing.pathname).toBe(paths.dashboard);
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
