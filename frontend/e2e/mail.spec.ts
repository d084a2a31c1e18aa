import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { baseURL } from './support/endpoints';
import { clearMailbox, codeFromMail, waitForMail } from './support/mailbox';
import type { components } from '../src/lib/api/openapi';

type SessionUser = components['schemas']['SessionUser'];
type VerifiedResponse = components['schemas']['VerifiedResponse'];

/** A state-changing call as the app's own pages make it: same origin. */
function post(request: APIRequestContext, path: string, data: object) {
  return request.post(path, { data, headers: { Origin: baseURL } });
}

test.describe('mail over SMTP', () => {
  test('an address without an account gets a mail that says so, without a code', async ({
    request,
  }) => {
    const email = 'niemand.bekend@example.com';
    await clearMailbox(email);

    const response = await post(request, '/api/auth/email-login', { email });
    expect(response.status()).toBe(200);

    const mail = await waitForMail(email);
    expect(mail.subject).toBe('Inloggen bij Oppasmaatje');
    expect(mail.text).toContain(`${baseURL}/email-registreren`);
    expect(mail.html).toContain('Oppasmaatje');
    expect(() => codeFromMail(mail)).toThrow(/no 6-digit code/);
  });

  test('the registration code and then a login code arrive by mail and each signs the person in', async ({
    request,
  }) => {
    const email = 'mail.proef@example.com';
    await clearMailbox(email);

    const registered = await post(request, '/api/auth/email-register', {
      firstName: 'Mila',
      lastName: 'Proef',
      email,
      terms: true,
    });
    expect(registered.status()).toBe(200);
    const registration = await waitForMail(email, { subject: 'is je code voor Oppasmaatje' });
    expect(registration.text).toMatch(/^Hoi,\n/);
    expect(registration.text).not.toContain('Mila');
    const registrationCode = codeFromMail(registration);
    expect(registration.subject).toBe(`${registrationCode} is je code voor Oppasmaatje`);
    expect(registration.html).toContain(registrationCode);

    const verified = await post(request, '/api/auth/email-verify', {
      email,
      code: registrationCode,
    });
    expect(verified.status()).toBe(200);
    expect(((await verified.json()) as VerifiedResponse).redirectTo).toBe('/dashboard');

    expect((await post(request, '/api/logout', {})).ok()).toBe(true);
    expect(await (await request.get('/api/users/me')).json()).toBeNull();

    const since = new Date();
    expect((await post(request, '/api/auth/email-login', { email })).status()).toBe(200);
    const login = await waitForMail(email, { subject: 'is je inlogcode voor Oppasmaatje', since });
    const loginCode = codeFromMail(login);
    expect(login.subject).toBe(`${loginCode} is je inlogcode voor Oppasmaatje`);

    const signedIn = await post(request, '/api/auth/email-login-verify', {
      email,
      code: loginCode,
    });
    expect(signedIn.status()).toBe(200);
    const me = await request.get('/api/users/me');
    expect(me.status()).toBe(200);
    const user = (await me.json()) as SessionUser;
    expect(user).toMatchObject({ email, first_name: 'Mila', temporary: false });
  });
});
