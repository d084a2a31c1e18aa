import type { Page } from '@playwright/test';
import { checkPage, expect, test } from './fixtures';
import { conversationWith } from './support/conversation';
import { baseURL } from './support/endpoints';
import { codeFromMail, waitForMail } from './support/mailbox';
import {
  clientAddressOf,
  createProfile,
  secondBrowser,
  signUpByMail,
  uniqueEmail,
} from './support/session';

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const owner = (firstName: string, petName: string) => ({
  profileType: 'huisdier',
  firstName,
  lastName: 'Baasje',
  location: 'Utrecht',
  postalCode: '3512',
  petName,
});

const sitter = (firstName: string) => ({
  profileType: 'vrijwilliger',
  firstName,
  lastName: 'Oppas',
  location: 'Utrecht',
  postalCode: '3512',
  bio: 'Ik pas al jaren op honden en katten in de buurt, met veel plezier en geduld.',
});

/** Deletes the signed-in account of `page` through the API, with the code from its mail. */
async function deleteAccountOf(page: Page, email: string): Promise<void> {
  const since = new Date();
  const asked = await page.request.post('/api/users/me/deletion-code', {
    data: {},
    headers: { Origin: baseURL },
  });
  expect(asked.status()).toBe(200);
  const mail = await waitForMail(email, {
    subject: 'is je code om je account te verwijderen',
    since,
  });
  const deleted = await page.request.post('/api/users/me/deletion', {
    data: { code: codeFromMail(mail) },
    headers: { Origin: baseURL },
  });
  expect(deleted.status()).toBe(204);
}

for (const { name: size, viewport } of SIZES) {
  test.describe(`no dead ends (${size})`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 90_000 });

    test('a person signs in with the code already mailed, during the wait, via Ik heb al een code', async ({
      page,
    }) => {
      const email = uniqueEmail(`al-een-code-${size}`);
      await signUpByMail(page, { firstName: 'Ilse', lastName: 'Inlog', email });
      const loggedOut = await page.request.post('/api/logout', { headers: { Origin: baseURL } });
      expect(loggedOut.status()).toBe(204);
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddressOf(email) });

      await page.goto('/inloggen');
      await page.getByRole('tab', { name: 'E-mail' }).click();
      await page.getByRole('textbox', { name: 'E-mailadres', exact: true }).fill(email);
      const since = new Date();
      await page.getByRole('button', { name: 'Stuur inlogcode' }).click();
      await expect(page.getByRole('textbox', { name: 'Cijfer 1 van 6' })).toBeVisible();
      const code = codeFromMail(
        await waitForMail(email, { subject: 'is je inlogcode voor Oppasmaatje', since }),
      );

      // Later, on a fresh visit while the wait for a new code still runs.
      await page.goto('/inloggen');
      await page.getByRole('tab', { name: 'E-mail' }).click();
      await page.getByRole('textbox', { name: 'E-mailadres', exact: true }).fill(email);
      await page.getByRole('button', { name: 'Ik heb al een code' }).click();
      const codeField = page.getByRole('textbox', { name: 'Cijfer 1 van 6' });
      await expect(codeField).toBeVisible();
      await expect(
        page.getByRole('button', { name: /^Stuur een nieuwe code \(\d+ s\)$/ }),
      ).toBeDisabled();
      await checkPage(page, `no-dead-ends-have-code-${size}`);

      // Six digits in the boxes send the code themselves.
      await codeField.click();
      await page.keyboard.type(code);
      await expect(page).toHaveURL('/dashboard');
    });

    test('deleting an account ends on a page that says it is done', async ({ page }) => {
      const email = uniqueEmail(`weg-${size}`);
      await signUpByMail(page, { firstName: 'Wim', lastName: 'Weg', email });

      await page.goto('/instellingen');
      await page.getByRole('button', { name: 'Account verwijderen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Account verwijderen?' });
      const since = new Date();
      await dialog.getByRole('button', { name: 'Stuur de code' }).click();
      const mail = await waitForMail(email, {
        subject: 'is je code om je account te verwijderen',
        since,
      });
      await dialog.getByRole('textbox', { name: 'Code uit de e-mail' }).fill(codeFromMail(mail));
      await dialog.getByRole('button', { name: 'Account definitief verwijderen' }).click();

      await expect(page).toHaveURL('/account-verwijderd');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Je account is verwijderd' }),
      ).toBeVisible();
      await expect(page.getByText('Je profiel, je foto')).toBeVisible();
      await checkPage(page, `no-dead-ends-account-deleted-${size}`);
      // Public: also on a visit of its own, without a session.
      await page.reload();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Je account is verwijderd' }),
      ).toBeVisible();
      await page.getByRole('link', { name: 'Naar de homepage' }).click();
      await expect(page).toHaveURL('/');
    });

    test('a conversation with a deleted account shows the notice and no box to write in', async ({
      page,
      browser,
    }) => {
      await signUpByMail(page, {
        firstName: 'Nina',
        lastName: 'Blijft',
        email: uniqueEmail(`blijft-${size}`),
      });
      const nina = await createProfile(page, owner('Nina', 'Pip'));
      const leaving = await secondBrowser(browser);
      const leavingEmail = uniqueEmail(`vertrekt-${size}`);
      await signUpByMail(leaving, { firstName: 'Vera', lastName: 'Vertrek', email: leavingEmail });
      await createProfile(leaving, sitter('Vera'));
      const id = await conversationWith(
        leaving,
        { targetUserId: nina.profile.user_id },
        'Ik pas graag op Pip!',
      );
      await deleteAccountOf(leaving, leavingEmail);

      await page.goto(`/berichten?conversation=${String(id)}`);
      await expect(page.getByRole('log').getByText('Ik pas graag op Pip!')).toBeVisible();
      const banner = page.getByRole('status').filter({ hasText: 'Dit account bestaat niet meer' });
      await expect(banner).toBeVisible();
      await expect(page.getByRole('textbox', { name: /^Bericht aan/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Melden' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Blokkeren' })).toHaveCount(0);
      await checkPage(page, `no-dead-ends-deleted-conversation-${size}`);
    });

    test('an open thread closes live when the other person blocks', async ({ page, browser }) => {
      await signUpByMail(page, {
        firstName: 'Lotte',
        lastName: 'Open',
        email: uniqueEmail(`open-${size}`),
      });
      await createProfile(page, sitter('Lotte'));
      const other = await secondBrowser(browser);
      await signUpByMail(other, {
        firstName: 'Bas',
        lastName: 'Blok',
        email: uniqueEmail(`blokkeert-${size}`),
      });
      const bas = await createProfile(other, owner('Bas', 'Rakker'));
      const id = await conversationWith(
        page,
        { targetUserId: bas.profile.user_id },
        'Hoi Bas, zal ik oppassen?',
      );
      // Bas has the platform open: Lotte sees him online.
      await other.goto('/berichten');

      await page.goto(`/berichten?conversation=${String(id)}`);
      const composer = page.getByRole('textbox', { name: 'Bericht aan Bas' });
      await expect(composer).toBeVisible();
      await expect(page.getByText('Online', { exact: true }).first()).toBeVisible();

      const blocked = await other.request.put(`/api/blocks/${String(await myId(page))}`, {
        headers: { Origin: baseURL },
      });
      expect(blocked.status()).toBe(204);

      // No reload: the stream closes the thread.
      await expect(page.getByText('Bas is niet meer beschikbaar')).toBeVisible();
      await expect(composer).toHaveCount(0);
      await expect(page.getByText('Online', { exact: true })).toHaveCount(0);
      await expect(page.getByText(/geblokkeerd/i)).toHaveCount(0);
      await checkPage(page, `no-dead-ends-closed-live-${size}`);
    });
  });
}

async function myId(page: Page): Promise<number> {
  const me = (await (await page.request.get('/api/users/me')).json()) as { id: number };
  return me.id;
}
