import { createHash } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import type { components } from '../../src/lib/api/openapi';
import { loopbackOnly } from '../fixtures';
import { baseURL } from './endpoints';
import { clearMailbox, codeFromMail, waitForMail } from './mailbox';

/** A unique address per run (`who` names the role): the suite shares one database. */
export function uniqueEmail(who: string): string {
  return `${who}.${String(Date.now())}.${String(Math.floor(Math.random() * 1e6))}@example.com`;
}

export interface NewPerson {
  firstName: string;
  lastName: string;
  /** Unique per test: the suite shares one database. */
  email: string;
}

/**
 * The client address the suite's requests claim through X-Forwarded-For (the suite's server
 * trusts loopback as its proxy). One address per person keeps the per-client code limits of one
 * test from spilling into another, as they would for real people on different networks.
 */
export function clientAddressOf(email: string): string {
  const digest = createHash('sha256').update(email).digest();
  return `198.51.${String(digest[0] ?? 0)}.${String(1 + ((digest[1] ?? 0) % 254))}`;
}

/**
 * Creates an account through the e-mail code flow, with the code read from the mail the SMTP
 * sink received, and leaves `page`'s browser signed in as that person (the page's request context
 * shares its cookies). The pages themselves are tested in sign-in.spec.ts; this is the short way
 * in for tests about what comes after.
 */
export async function signUpByMail(page: Page, person: NewPerson): Promise<void> {
  const headers = { Origin: baseURL, 'X-Forwarded-For': clientAddressOf(person.email) };
  await clearMailbox(person.email);
  const since = new Date();
  const registered = await page.request.post('/api/auth/email-register', {
    data: { ...person, terms: true },
    headers,
  });
  expect(registered.status(), 'registration request').toBe(200);
  const mail = await waitForMail(person.email, { subject: 'is je code voor Oppasmaatje', since });
  const verified = await page.request.post('/api/auth/email-verify', {
    data: { email: person.email, code: codeFromMail(mail) },
    headers,
  });
  expect(verified.status(), 'code check').toBe(200);
}

/** Makes the signed-in person's profile through the API; what `GET /api/profiles/{id}` says. */
export async function createProfile(
  page: Page,
  draft: Record<string, unknown>,
): Promise<components['schemas']['ProfileLookup']> {
  // A sitter is published only with a place and an 'Over mij' of the published minimum.
  const sitter =
    draft.profileType === 'vrijwilliger' ? { location: 'Utrecht', bio: VOLUNTEER_BIO } : {};
  const response = await page.request.post('/api/profiles', {
    data: { ...sitter, ...draft },
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as components['schemas']['ProfileLookup'];
}

/** An 'Over mij' long enough for a published sitter (VOLUNTEER_BIO_MIN characters or more). */
export const VOLUNTEER_BIO = 'Ik pas al jaren op honden en katten bij mij in de buurt.';

/** A browser of its own for a second person, reaching only this machine. */
export async function secondBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'nl-NL' });
  await loopbackOnly(context);
  return context.newPage();
}
