import type { Page } from '@playwright/test';
import { checkPage, expect, test } from './fixtures';
import { signUpByMail, uniqueEmail } from './support/session';
import type { components } from '../src/lib/api/openapi';

type SessionUser = components['schemas']['SessionUser'];
type ProfileLookup = components['schemas']['ProfileLookup'];

/** Words that belong to dogs only: none of them may show on a cat's or a rabbit's page. */
const DOG_WORDS = /\b(hond|honden|reu|teef|uitlaten)\b/i;

async function next(page: Page) {
  await page.getByRole('button', { name: 'Volgende' }).click();
}

/** The options of a drop-down, without its empty choice. */
async function choices(page: Page, label: string): Promise<string[]> {
  const texts = await page.getByLabel(label).locator('option').allTextContents();
  return texts.filter((text) => text !== 'Maak een keuze');
}

async function ownProfile(page: Page): Promise<ProfileLookup> {
  const me = (await (await page.request.get('/api/users/me')).json()) as SessionUser;
  const response = await page.request.get(`/api/profiles/${me.id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ProfileLookup;
}

/** Everything the page shows people, checked for dog words. */
async function expectNoDogWords(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text, 'no dog words on the page').not.toMatch(DOG_WORDS);
}

const screens = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, cat: 'Saartje', rabbit: 'Snuffel' },
  { name: 'telefoon', viewport: { width: 390, height: 844 }, cat: 'Moortje', rabbit: 'Dotje' },
] as const;

for (const { name, viewport, cat, rabbit } of screens) {
  test.describe(`species on ${name} (${viewport.width} px)`, () => {
    test.use({ viewport });
    // A whole wizard, a pet page, the list and a second pet.
    test.describe.configure({ timeout: 120_000 });

    test('a cat owner makes a profile with a cat, reads it as a cat everywhere and adds a rabbit that is not walked', async ({
      page,
    }) => {
      await signUpByMail(page, {
        firstName: 'Noor',
        lastName: 'Dekker',
        email: uniqueEmail(`soort.${name}`),
      });
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Ik zoek een oppas' }).click();
      await expect(page).toHaveURL(/\/profiel-aanmaken$/);

      // Step 1: the species comes first.
      const species = page.getByLabel('Soort dier *');
      await expect(species).toBeVisible();
      await species.selectOption({ label: 'Kat' });
      await page.getByLabel('Naam van je huisdier *').fill(cat);
      await page.getByLabel('Ras').fill('Europese korthaar');
      await page.getByLabel('Woonplaats').fill('Utrecht');
      await page.getByLabel('Postcode (4 cijfers)').fill('3512');
      await checkPage(page, `species-${name}-wizard-basis`);
      await next(page);

      // Step 2: a cat is a kater or a poes, and never large.
      expect(await choices(page, 'Geslacht')).toEqual(['Kater', 'Poes']);
      expect(await choices(page, 'Grootte')).toEqual(['Klein (tot 10 kg)', 'Middel (10-25 kg)']);
      await page.getByLabel('Geslacht').selectOption({ label: 'Poes' });
      await page.getByLabel('Grootte').selectOption({ label: 'Klein (tot 10 kg)' });
      await page.getByLabel('Beschrijving').fill(`${cat} ligt graag in de vensterbank.`);
      await checkPage(page, `species-${name}-wizard-details`);
      await next(page);

      // Step 3: no walking for a cat.
      const help = page.getByRole('group', { name: 'Gezochte hulp' });
      await expect(help.getByRole('checkbox', { name: 'Uitlaten' })).toHaveCount(0);
      await help.getByRole('checkbox', { name: 'Huisbezoek (voeren en verzorgen)' }).check();
      await help.getByRole('checkbox', { name: 'Verzorging tijdens vakantie' }).check();
      await checkPage(page, `species-${name}-wizard-extra`);
      await next(page);
      await next(page);
      await expect(page.getByLabel('Voornaam *')).toHaveValue('Noor');
      await page.getByRole('button', { name: 'Profiel voltooien' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      const saved = await ownProfile(page);
      if (saved.type !== 'huisdier') throw new Error('an owner profile was made');
      expect(saved.profile.species).toBe('kat');
      const { id: petId, owner_id: ownerId } = saved.profile;

      // The cat's page reads 'Kat' and 'Poes', and nothing about dogs.
      await page.goto(`/huisdier/${petId}`);
      await expect(page.getByRole('heading', { level: 1, name: cat })).toBeVisible();
      const details = page.getByRole('region', { name: 'Details' });
      await expect(details.getByText('Kat', { exact: true })).toBeVisible();
      await expect(details.getByText('Poes', { exact: true })).toBeVisible();
      await expect(page.getByText('ervaring heeft met katten')).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Gezochte hulp' }).getByRole('listitem'),
      ).toHaveText(['Verzorging tijdens vakantie', 'Huisbezoek (voeren en verzorgen)']);
      await expectNoDogWords(page);
      await checkPage(page, `species-${name}-cat-page`);

      // Its card in the list says it is a cat; searching 'kat' finds it.
      await page.goto('/profielen?q=kat');
      const card = page.getByRole('article', { name: cat });
      await expect(card).toBeVisible();
      await expect(card.getByText('Kat', { exact: true })).toBeVisible();
      await checkPage(page, `species-${name}-list`);

      // A rabbit through 'Huisdier toevoegen': the species first, and no walking offered.
      await page.goto(`/eigenaar/${ownerId}`);
      await page.getByRole('button', { name: 'Nog een huisdier toevoegen' }).click();
      const add = page.getByRole('dialog', { name: 'Huisdier toevoegen' });
      await add.getByLabel('Soort dier *').selectOption({ label: 'Konijn' });
      await add.getByLabel('Naam van je huisdier *').fill(rabbit);
      const rabbitHelp = add.getByRole('group', { name: 'Gezochte hulp' });
      await expect(rabbitHelp.getByRole('checkbox', { name: 'Logeren' })).toBeVisible();
      await expect(rabbitHelp.getByRole('checkbox', { name: 'Uitlaten' })).toHaveCount(0);
      await expect(add.getByText(/uitlaten/i)).toHaveCount(0);
      expect(await add.getByLabel('Geslacht').locator('option').allTextContents()).toContain(
        'Mannetje',
      );
      await rabbitHelp.getByRole('checkbox', { name: 'Logeren' }).check();
      await checkPage(page, `species-${name}-add-rabbit`);
      await add.getByRole('button', { name: 'Toevoegen' }).click();

      await expect(page).toHaveURL(/\/huisdier\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: rabbit })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Details' }).getByText('Konijn', { exact: true }),
      ).toBeVisible();
      await expectNoDogWords(page);
      await checkPage(page, `species-${name}-rabbit-page`);
    });
  });
}
