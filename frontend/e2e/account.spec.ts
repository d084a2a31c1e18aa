import { execFileSync } from 'node:child_process';
import { checkPage, expect, test } from './fixtures';
import { baseURL } from './support/endpoints';
import { signUpByMail, uniqueEmail } from './support/session';

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
    const profile = data.profiel as { pets: { name: string }[] };
    expect(profile.pets.map((pet) => pet.name)).toEqual(['Pluis']);
    await expect(page.getByText('Je gegevens zijn gedownload.')).toBeVisible();

    // Once per hour: a second try says so.
    await page.getByRole('button', { name: 'Download mijn gegevens' }).click();
    await expect(page.getByRole('alert')).toContainText('één keer per uur');
  });
});
