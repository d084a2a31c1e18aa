import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, saveScreenshot, test } from './fixtures';
import { clearMailbox, codeFromMail, waitForMail } from './support/mailbox';
import { googleUser, signInAtProvider } from './support/provider';
import { secondBrowser, signUpByMail, uniqueEmail } from './support/session';

/** The header's user widget of a signed-in person. */
async function expectSignedInAs(page: Page, firstName: string): Promise<void> {
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Uitloggen' })).toBeVisible();
  await expect(header.getByText(firstName, { exact: true })).toBeVisible();
}

/** Types a code into the six boxes, one key at a time, as a person would. */
async function typeIntoBoxes(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Cijfer 1 van 6' }).click();
  await page.keyboard.type(code);
}

test.describe('signing up by e-mail', () => {
  test('a new person registers, proves the address with the mailed code and lands on the two choices', async ({
    page,
  }) => {
    const email = 'nieuw.baasje@example.com';
    await clearMailbox(email);
    await page.goto('/email-registreren');
    await expect(page.getByRole('heading', { level: 1, name: 'Account aanmaken' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'email-register');

    // Nothing filled in: every rule that fails speaks at once, in the order of the form, the
    // first field gets focus, and nothing is sent.
    await page.getByRole('button', { name: 'Gratis account aanmaken' }).click();
    for (const rule of [
      'Voornaam is verplicht',
      'Achternaam is verplicht',
      'E-mailadres is verplicht',
      'Je moet akkoord gaan met de algemene voorwaarden',
    ])
      await expect(page.getByText(rule)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Voornaam' })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('textbox', { name: 'Voornaam' }).fill('Noor');
    await page.getByRole('button', { name: 'Gratis account aanmaken' }).click();
    await expect(page.getByText('Achternaam is verplicht')).toBeVisible();
    await expect(page.getByText('Voornaam is verplicht')).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Achternaam' })).toBeFocused();

    await page.getByRole('textbox', { name: 'Voornaam' }).fill('  Noor ');
    await page.getByRole('textbox', { name: 'Achternaam' }).fill('Visser');
    // Spaces and capitals are cleaned up before the address is sent.
    await page
      .getByRole('textbox', { name: 'E-mailadres', exact: true })
      .fill(' Nieuw.Baasje@Example.com ');
    await page.getByRole('checkbox', { name: /akkoord met de algemene voorwaarden/ }).check();
    await page.getByRole('button', { name: 'Gratis account aanmaken' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Check je e-mail!' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await saveScreenshot(page, 'email-register-sent');
    const mail = await waitForMail(email, { subject: 'is je code voor Oppasmaatje' });
    // An address not proven yet is greeted without the name typed in the form.
    expect(mail.text).toMatch(/^Hoi,\n/);
    expect(mail.text).not.toContain('Noor');
    expect(mail.text).toContain('/inloggen/link#');
    const code = codeFromMail(mail);

    await page.getByRole('link', { name: 'Code invoeren' }).click();
    await expect(page).toHaveURL(`/email-verificatie?email=${encodeURIComponent(email)}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Bevestig je e-mailadres' }),
    ).toBeVisible();
    await expect(page.getByText('Stap 2 van 3').first()).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '66');
    await expect(page.getByRole('button', { name: 'Bevestig' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'email-verification');

    // A code was just sent: the wait for another one counts down from arrival.
    const wait = page.getByRole('button', { name: /^Verstuur opnieuw \(1[78]\d s\)$/ });
    await expect(wait).toBeDisabled();

    // A wrong code: the boxes empty and the first one has focus again.
    const wrong = code === '000000' ? '111111' : '000000';
    await typeIntoBoxes(page, wrong);
    await expect(page.getByText('Ongeldige of verlopen code.', { exact: false })).toBeVisible();
    const first = page.getByRole('textbox', { name: 'Cijfer 1 van 6' });
    await expect(first).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Cijfer 6 van 6' })).toHaveValue('');
    await expect(first).toBeFocused();

    // Backspace in an empty box goes back one box.
    await page.keyboard.type('12');
    await page.keyboard.press('Backspace');
    await expect(page.getByRole('textbox', { name: 'Cijfer 2 van 6' })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Cijfer 2 van 6' })).toHaveValue('');

    // The right code: its first half pasted (a real paste event with the digits on its
    // clipboard; the suite's pages have no DOM types), the rest typed. The last digit sends it.
    await first.focus();
    await page.evaluate(`(() => {
      const data = new DataTransfer();
      data.setData('text', '${code.slice(0, 3)}');
      document.activeElement.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    })()`);
    await expect(page.getByRole('textbox', { name: 'Cijfer 3 van 6' })).toHaveValue(code.charAt(2));
    await expect(page.getByRole('textbox', { name: 'Cijfer 4 van 6' })).toBeFocused();
    await page.keyboard.type(code.slice(3));

    // Someone new lands on the dashboard's two choices.
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('button', { name: 'Ik zoek een oppas' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ik wil oppassen' })).toBeVisible();
    await expectSignedInAs(page, 'Noor');

    // Signed in, the sign-up and sign-in pages lead to the dashboard.
    for (const path of ['/registreren', '/inloggen', '/email-registreren']) {
      await page.goto(path);
      await expect(page).toHaveURL('/dashboard');
    }
    await page.goto(`/email-verificatie?email=${encodeURIComponent(email)}`);
    await expect(page).toHaveURL('/dashboard');

    // Signed out, the dashboard is closed again.
    await page.getByRole('banner').getByRole('button', { name: 'Uitloggen' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Inloggen' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/inloggen');
  });

  test('the verification page without an address sends people to the sign-up form', async ({
    page,
  }) => {
    await page.goto('/email-verificatie');
    await expect(page).toHaveURL('/email-registreren');
    await expect(page.getByRole('heading', { level: 1, name: 'Account aanmaken' })).toBeVisible();
  });
});

test.describe('signing in by e-mail', () => {
  test('a known person asks for a login code, mistypes it once, goes back, and signs in', async ({
    page,
    request,
  }) => {
    const email = 'bekende.oppas@example.com';
    // The account exists already: made and verified through the API.
    await clearMailbox(email);
    await page.goto('/inloggen');
    const origin = new URL(page.url()).origin;
    expect(
      (
        await request.post('/api/auth/email-register', {
          data: { firstName: 'Bram', lastName: 'Bekend', email, terms: true },
          headers: { Origin: origin },
        })
      ).status(),
    ).toBe(200);
    const registration = await waitForMail(email, { subject: 'is je code voor Oppasmaatje' });
    expect(
      (
        await request.post('/api/auth/email-verify', {
          data: { email, code: codeFromMail(registration) },
          headers: { Origin: origin },
        })
      ).status(),
    ).toBe(200);

    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Google' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'login-google-tab');

    await page.getByRole('tab', { name: 'E-mail' }).click();
    const send = page.getByRole('button', { name: 'Stuur inlogcode' });
    await expect(send).toBeDisabled();
    await page
      .getByRole('textbox', { name: 'E-mailadres', exact: true })
      .fill(` ${email.toUpperCase()} `);
    const since = new Date();
    await send.click();

    // The same six boxes as at registration.
    const firstBox = page.getByRole('textbox', { name: 'Cijfer 1 van 6' });
    await expect(firstBox).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'login-code-step');
    const mail = await waitForMail(email, { subject: 'is je inlogcode voor Oppasmaatje', since });
    const code = codeFromMail(mail);

    // Letters are dropped as they are typed; the button waits for six digits.
    await typeIntoBoxes(page, '12ab3');
    await expect(page.getByRole('textbox', { name: 'Cijfer 3 van 6' })).toHaveValue('3');
    await expect(page.getByRole('textbox', { name: 'Cijfer 4 van 6' })).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Inloggen', exact: true })).toBeDisabled();

    // A wrong code is sent by its last digit, refused, and the boxes empty.
    for (let box = 6; box >= 1; box -= 1) {
      await page.getByRole('textbox', { name: `Cijfer ${String(box)} van 6` }).fill('');
    }
    await typeIntoBoxes(page, code === '000000' ? '111111' : '000000');
    await expect(page.getByText('Ongeldige of verlopen code.', { exact: false })).toBeVisible();
    await expect(firstBox).toHaveValue('');

    // Back to the first step: the address and the error are gone.
    await page.getByRole('button', { name: 'Terug naar e-mailadres' }).click();
    await expect(page.getByRole('textbox', { name: 'E-mailadres', exact: true })).toHaveValue('');

    // Asked again within three minutes, no second mail goes out; the first code still works.
    await page.getByRole('textbox', { name: 'E-mailadres', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Stuur inlogcode' }).click();
    await expect(page.getByRole('status')).toContainText(
      'Gebruik de code uit de e-mail die je al hebt gekregen.',
    );
    await typeIntoBoxes(page, code);

    await expect(page).toHaveURL('/dashboard');
    await expectSignedInAs(page, 'Bram');

    // Signing out ends the session on the server too.
    await page.getByRole('banner').getByRole('button', { name: 'Uitloggen' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Inloggen' })).toBeVisible();
    expect(await (await page.request.get('/api/users/me')).json()).toBeNull();
  });
});

test.describe('the way back after signing in', () => {
  test('an address that leads to another site after the sign-in ends on this site', async ({
    page,
    browser,
    baseURL,
  }) => {
    const person = { firstName: 'Wies', lastName: 'Weg', email: uniqueEmail('terugweg') };
    // The account exists already, made in a context of its own: this page is not signed in.
    const other = await secondBrowser(browser);
    await signUpByMail(other, person);
    await other.context().close();

    // The parser makes '//evil.example' of this path: a browser sent there lands on another site.
    await page.goto('/inloggen?next=/..//evil.example');
    await page.getByRole('tab', { name: 'E-mail' }).click();
    await page.getByRole('textbox', { name: 'E-mailadres', exact: true }).fill(person.email);
    const since = new Date();
    await page.getByRole('button', { name: 'Stuur inlogcode' }).click();
    const mail = await waitForMail(person.email, {
      subject: 'is je inlogcode voor Oppasmaatje',
      since,
    });
    await typeIntoBoxes(page, codeFromMail(mail));

    await expect(page).toHaveURL('/dashboard');
    expect(new URL(page.url()).origin).toBe(baseURL);
    await expectSignedInAs(page, 'Wies');
  });
});

test.describe('signing in with Google', () => {
  test('the sign-up page takes a person through the provider and back to the dashboard', async ({
    page,
  }) => {
    await page.goto('/registreren');
    await expect(page.getByRole('heading', { level: 1, name: 'Gratis aanmelden' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Inloggen' }).last()).toHaveAttribute(
      'href',
      '/inloggen',
    );
    await expect(page.getByRole('link', { name: 'Aanmelden met e-mail' })).toHaveAttribute(
      'href',
      '/email-registreren',
    );
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'register');

    await page.getByRole('button', { name: 'Aanmelden met Google' }).click();
    await signInAtProvider(page);

    await expect(page).toHaveURL('/dashboard');
    await expectSignedInAs(page, googleUser.givenName);
    // The callback page was replaced: Back does not return to it.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/auth\/callback/);
  });

  test('the callback page shows its texts and sends a failed sign-in to the login page', async ({
    page,
  }) => {
    // Held until the texts are checked; then the exchange is refused.
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let exchanges = 0;
    await page.route('**/api/sessions', async (route) => {
      exchanges += 1;
      await held;
      await route.continue();
    });

    await page.goto('/auth/callback?code=verzonnen&state=verzonnen');
    await expect(page.getByRole('heading', { name: 'Bezig met inloggen...' })).toBeVisible();
    await expect(page.getByText('Even geduld terwijl we je account koppelen.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'auth-callback');
    release?.();

    await expect(page).toHaveURL('/inloggen?auth=error');
    expect(exchanges).toBe(1);
    await expect(page.getByRole('alert')).toContainText('Inloggen is mislukt');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'login-after-failed-sign-in');

    // No code at all is a failure too, without asking the server.
    await page.goto('/auth/callback?error=access_denied');
    await expect(page).toHaveURL('/inloggen?auth=error');
    expect(exchanges).toBe(1);
  });
});

test.describe('an installation without Google sign-in', () => {
  test('offers only the e-mail way in, on every page that would offer Google', async ({ page }) => {
    // The server of this suite has Google configured; this installation's answer says it has not.
    await page.route('**/api/site', (route) =>
      route.fulfill({
        json: {
          googleSignIn: false,
          organisation: 'Stichting Oppasmaatje',
          codeResendSeconds: 180,
        },
      }),
    );
    await page.goto('/inloggen');
    await expect(page.getByRole('textbox', { name: 'E-mailadres', exact: true })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByText(/Google/)).toHaveCount(0);

    for (const path of ['/registreren', '/email-registreren', '/']) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('button', { name: /Google/ })).toHaveCount(0);
      await expect(page.getByRole('link', { name: /Google/ })).toHaveCount(0);
    }
    // The landing page's calls to action lead to the e-mail sign-up instead.
    await page.getByRole('link', { name: 'Gratis Aanmelden', exact: true }).first().click();
    await expect(page).toHaveURL('/email-registreren');
  });
});

test.describe('the sign-in link in a code mail', () => {
  test('opens on another device, names the address, signs in once with one button', async ({
    page,
    browser,
    request,
  }) => {
    const email = 'link.proef@example.com';
    await clearMailbox(email);
    await page.goto('/inloggen');
    const origin = new URL(page.url()).origin;
    const post = (path: string, data: object) =>
      request.post(path, { data, headers: { Origin: origin } });
    expect(
      (
        await post('/api/auth/email-register', {
          firstName: 'Lian',
          lastName: 'Link',
          email,
          terms: true,
        })
      ).status(),
    ).toBe(200);
    const registration = await waitForMail(email, { subject: 'is je code voor Oppasmaatje' });
    expect(
      (await post('/api/auth/email-verify', { email, code: codeFromMail(registration) })).status(),
    ).toBe(200);
    const since = new Date();
    expect((await post('/api/auth/email-login', { email })).status()).toBe(200);
    const mail = await waitForMail(email, { subject: 'is je inlogcode voor Oppasmaatje', since });
    const link = /\/inloggen\/link#[0-9a-f]{64}/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    expect(mail.html).toContain('Inloggen bij Oppasmaatje');

    // The page itself, opened as a mail scanner would, spends nothing.
    await page.goto(link ?? '');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Inloggen als l***@example.com' }),
    ).toBeVisible();
    await expect(page).toHaveURL('/inloggen/link');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'login-link');

    // Another device, another browser: the same link, the one button.
    const phone = await browser.newContext();
    const other = await phone.newPage();
    await other.goto(link ?? '');
    await other.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(other).toHaveURL('/dashboard');
    await expectSignedInAs(other, 'Lian');
    await phone.close();

    // The link is spent (opened afresh from another page, as from the mail).
    await page.goto('/inloggen');
    await page.goto(link ?? '');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Deze link werkt niet meer' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nieuwe code aanvragen' })).toBeVisible();
  });
});
