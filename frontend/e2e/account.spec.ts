import { execFileSync } from 'node:child_process';
import { checkPage, expect, test } from './fixtures';
import { conversationWith } from './support/conversation';
import { baseURL } from './support/endpoints';
import { codeFromMail, waitForMail } from './support/mailbox';
import { signUpByMail, uniqueEmail, createProfile, secondBrowser } from './support/session';

/** The JSON document inside a downloaded archive, read with Python's zipfile. */
function documentIn(archive: string): Record<string, unknown> {
  const text = execFileSync(
    'python3',
    [
      '-c',
      'import sys, zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read("mijn-gegevens.json").decode())',
      archive,
    ],
    { encoding: 'utf8' },
  );
  return JSON.parse(text) as Record<string, unknown>;
}

test.describe('your account', () => {
  test.describe.configure({ timeout: 60_000 });

  test('a person downloads their data from /instellingen and reads its JSON', async ({ page }) => {
    const email = uniqueEmail('gegevens');
    await signUpByMail(page, { firstName: 'Gijs', lastName: 'Gegevens', email });
    const created = await page.request.post('/api/profiles', {
      data: {
        profileType: 'huisdier',
        firstName: 'Gijs',
        lastName: 'Gegevens',
        postalCode: '3512',
        petName: 'Pluis',
      },
      headers: { Origin: baseURL },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Instellingen' }).first().click();
    await expect(page).toHaveURL(/\/instellingen$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Instellingen' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Account en inloggen' })).toContainText(email);
    await checkPage(page, 'account-settings');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download mijn gegevens' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('oppasmaatje-mijn-gegevens.zip');
    const path = await download.path();
    const data = documentIn(path);
    expect((data.account as { emailadres: string }).emailadres).toBe(email);
    const profile = data.profiel as { huisdieren: { naam: string }[] };
    expect(profile.huisdieren.map((pet) => pet.naam)).toEqual(['Pluis']);
    await expect(page.getByText('Je gegevens zijn gedownload.')).toBeVisible();

    // Once per hour: a second try says so.
    await page.getByRole('button', { name: 'Download mijn gegevens' }).click();
    await expect(page.getByRole('alert')).toContainText('één keer per uur');
  });

  test('a deleted account’s messages stay with the other person as Verwijderd account', async ({
    page: leaving,
    browser,
  }) => {
    const email = uniqueEmail('vertrekker');
    await signUpByMail(leaving, { firstName: 'Vera', lastName: 'Vertrek', email });
    await createProfile(leaving, {
      profileType: 'vrijwilliger',
      firstName: 'Vera',
      lastName: 'Vertrek',
      location: 'Utrecht',
      postalCode: '3512',
    });
    const owner = await secondBrowser(browser);
    await signUpByMail(owner, {
      firstName: 'Otto',
      lastName: 'Eigenaar',
      email: uniqueEmail('eigenaar.blijft'),
    });
    const lookup = await createProfile(owner, {
      profileType: 'huisdier',
      firstName: 'Otto',
      lastName: 'Eigenaar',
      location: 'Utrecht',
      postalCode: '3512',
      petName: 'Kiki',
    });
    const conversationId = await conversationWith(
      leaving,
      { targetUserId: lookup.profile.user_id, petId: lookup.profile.id },
      'Ik pas graag op Kiki!',
    );

    await leaving.goto('/instellingen');
    await leaving.getByRole('button', { name: 'Account verwijderen' }).click();
    const dialog = leaving.getByRole('dialog', { name: 'Account verwijderen?' });
    const since = new Date();
    await dialog.getByRole('button', { name: 'Stuur de code' }).click();
    const mail = await waitForMail(email, {
      subject: 'is je code om je account te verwijderen',
      since,
    });
    await dialog.getByRole('textbox', { name: 'Code uit de e-mail' }).fill(codeFromMail(mail));
    await checkPage(leaving, 'account-delete-dialog');
    await dialog.getByRole('button', { name: 'Account definitief verwijderen' }).click();
    await expect(leaving).toHaveURL(`${baseURL}/account-verwijderd`);
    await expect(leaving.getByRole('link', { name: 'Inloggen' }).first()).toBeVisible();

    await owner.goto(`/berichten?conversation=${conversationId}`);
    const log = owner.getByRole('log', { name: 'Berichten met Verwijderd account' });
    await expect(log.getByText('Ik pas graag op Kiki!')).toBeVisible();
    await checkPage(owner, 'account-deleted-seen-by-other');
  });
});
