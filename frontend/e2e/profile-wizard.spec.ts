import type { Browser, Page } from '@playwright/test';
import {
  checkPage,
  expect,
  expectNoSeriousA11yViolations,
  loopbackOnly,
  saveScreenshot,
  test,
} from './fixtures';
import { recordCreateCalls } from './support/create-calls';
import { baseURL } from './support/endpoints';
import { squarePng } from './support/images';
import { createProfile, signUpByMail, uniqueEmail } from './support/session';
import type { components } from '../src/lib/api/openapi';
import { DRAFT_REFUSALS } from '../src/lib/api/vocabulary';

type SessionUser = components['schemas']['SessionUser'];
type ProfileLookup = components['schemas']['ProfileLookup'];

/** A sitter's 'Over mij' of the published minimum, and a longer one for the edit. */
const ABOUT = 'Ik ben dol op honden en wandel elke dag in het park.';
const EDITED_ABOUT = 'Ik ben dol op honden en katten, en wandel elke dag in het park.';
/** Exactly VOLUNTEER_BIO_MIN characters less one. */
const FORTY_NINE = 'Ik pas al jaren op honden en katten in de buurt.ë';
const PROFILE_SAVED = 'Je profiel is opgeslagen';
const TOO_YOUNG = DRAFT_REFUSALS.dateOfBirthAdult;
const PHONE = { width: 390, height: 844 };

async function next(page: Page) {
  await page.getByRole('button', { name: 'Volgende' }).click();
}

/** The draft keys the wizard keeps in this tab's session storage. */
async function keptDrafts(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(
    `Object.keys(window.sessionStorage).filter((key) => key.startsWith('oppas.profileDraft'))`,
  );
}

async function expectStep(page: Page, number: number, title: string, percent: number) {
  await expect(page.getByText(`Stap ${number} van 5`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: `Stap ${number} van 5` })).toHaveAttribute(
    'aria-valuenow',
    String(percent),
  );
}

async function checkStep(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, name);
}

function statusTile(page: Page) {
  return page
    .getByRole('list', { name: 'Overzicht' })
    .getByRole('listitem')
    .filter({ hasText: 'Profielstatus' });
}

async function ownProfile(page: Page): Promise<ProfileLookup> {
  const me = (await (await page.request.get('/api/users/me')).json()) as SessionUser;
  const response = await page.request.get(`/api/profiles/${me.id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ProfileLookup;
}

/** Renames the person through the inline edit dialog of the page that is open. */
async function renameInline(page: Page, name: string) {
  await page.getByRole('button', { name: 'Naam bewerken' }).click();
  const dialog = page.getByRole('dialog', { name: 'Naam bewerken' });
  await dialog.getByLabel('Naam').fill(name);
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Another person, signed in in a browser of their own, sees the pages without edit buttons. */
async function expectOthersCannotEdit(browser: Browser, pages: Record<string, string>) {
  const context = await browser.newContext({ baseURL });
  await loopbackOnly(context);
  const other = await context.newPage();
  await signUpByMail(other, {
    firstName: 'Otto',
    lastName: 'Ander',
    email: uniqueEmail('wizard.bezoeker'),
  });
  for (const [path, heading] of Object.entries(pages)) {
    await other.goto(path);
    await expect(other.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Bericht sturen' })).toBeEnabled();
    await expect(other.getByRole('button', { name: /bewerken$/ })).toHaveCount(0);
  }
  await context.close();
}

test.describe('profile wizard', () => {
  // Each test walks a whole wizard, then the new pages as two people.
  test.describe.configure({ timeout: 120_000 });

  test('a new owner makes a dog profile with a photo, finds it on the owner and pet pages and renames themselves', async ({
    browser,
    page,
  }) => {
    await signUpByMail(page, {
      firstName: 'Sanne',
      lastName: 'de Vries',
      email: uniqueEmail('wizard.eigenaar'),
    });

    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Ik zoek een oppas' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ik wil oppassen' })).toBeVisible();
    await checkStep(page, 'dashboard-no-profile');

    await page.getByRole('button', { name: 'Ik zoek een oppas' }).click();
    await expect(page).toHaveURL(/\/profiel-aanmaken$/);
    await expectStep(page, 1, 'Basisgegevens', 20);
    await expect(page.getByRole('button', { name: 'Vorige' })).toBeDisabled();
    await page.getByLabel('Soort dier *').selectOption('hond');
    await page.getByLabel('Naam van je huisdier *').fill('Bobby');
    await page.getByLabel('Ras').fill('Labrador');
    await page.getByLabel('Leeftijd').fill('3 jaar');
    await page.getByLabel('Woonplaats').fill('Utrecht');
    const postcode = page.getByLabel('Postcode (4 cijfers)');
    await postcode.pressSequentially('35a12');
    await expect(postcode).toHaveValue('3512');
    await checkStep(page, 'wizard-owner-1-basis');
    await page.getByRole('button', { name: 'Volgende' }).click();

    await expectStep(page, 2, 'Details', 40);
    await page.getByLabel('Grootte').selectOption('groot');
    await page.getByLabel('Geslacht').selectOption('reu');
    await page.getByLabel('Gewicht').fill('30 kg');
    await page.getByLabel('Karakter').fill('Vrolijk en speels');
    await page.getByLabel('Beschrijving').fill('Bobby houdt van lange wandelingen in het park.');
    await checkStep(page, 'wizard-owner-2-details');
    // The browser's back button goes to the previous step, not out of the wizard; forward again
    // keeps what was typed.
    await page.goBack();
    await expectStep(page, 1, 'Basisgegevens', 20);
    await expect(page.getByLabel('Naam van je huisdier *')).toHaveValue('Bobby');
    await page.goForward();
    await expectStep(page, 2, 'Details', 40);
    await expect(page.getByLabel('Karakter')).toHaveValue('Vrolijk en speels');
    await page.getByRole('button', { name: 'Volgende' }).click();

    await expectStep(page, 3, 'Extra informatie', 60);
    await page.getByLabel('Gevaccineerd').selectOption('ja');
    await page.getByLabel('Gechipt').selectOption('ja');
    await page.getByLabel('Gecastreerd/gesteriliseerd').selectOption('nee');
    await page.getByRole('checkbox', { name: 'Kinderen' }).check();
    await page.getByRole('checkbox', { name: 'Andere honden' }).check();
    const help = page.getByRole('group', { name: 'Gezochte hulp' });
    await help.getByRole('checkbox', { name: 'Uitlaten' }).check();
    await help.getByRole('checkbox', { name: 'Verzorging tijdens vakantie' }).check();
    await checkStep(page, 'wizard-owner-3-extra');
    await page.getByRole('button', { name: 'Volgende' }).click();

    await expectStep(page, 4, "Foto's", 80);
    await expect(page.getByText(/JPG, PNG en GIF.*5 MB/)).toBeVisible();
    await page.getByLabel('Foto van je huisdier', { exact: true }).setInputFiles({
      name: 'bobby.png',
      mimeType: 'image/png',
      buffer: squarePng([234, 88, 12]),
    });
    await expect(page.getByRole('img', { name: 'Foto van je huisdier' })).toHaveAttribute(
      'src',
      /^\/uploads\//,
    );
    await checkStep(page, 'wizard-owner-4-fotos');
    await page.getByRole('button', { name: 'Volgende' }).click();

    await expectStep(page, 5, 'Eigenaar gegevens', 100);
    // The names given at sign-up are there already.
    await expect(page.getByLabel('Voornaam *')).toHaveValue('Sanne');
    await expect(page.getByLabel('Achternaam')).toHaveValue('de Vries');
    await page.getByLabel('Telefoonnummer').fill('06 12345678');
    await page.getByLabel('Over jezelf').fill('Ik werk drie dagen per week op kantoor.');
    await checkStep(page, 'wizard-owner-5-eigenaar');
    await page.getByRole('button', { name: 'Profiel voltooien' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    // A newcomer is welcomed as one, and told the profile is online, with the way to it.
    await expect(page.getByRole('heading', { name: 'Welkom, Sanne!' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Je profiel staat online.' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bekijk je profiel' })).toHaveAttribute(
      'href',
      /^\/huisdier\/\d+$/,
    );
    await expect(statusTile(page)).toContainText('Huisdier');
    await checkStep(page, 'dashboard-owner');

    const saved = await ownProfile(page);
    expect(saved.type).toBe('huisdier');
    if (saved.type !== 'huisdier') return;
    expect(saved.profile.name).toBe('Bobby');
    expect(saved.profile.postal_code).toBe('3512');
    expect(saved.profile.avatar_url).toMatch(/^\/uploads\//);
    expect(saved.profile.looking_for).toEqual(['Uitlaten', 'Verzorging tijdens vakantie']);
    const { id: petId, owner_id: ownerId } = saved.profile;

    // The new profile's own pages: the owner, then the dog with its photo on the map.
    await page
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .getByRole('link', { name: 'Mijn profiel' })
      .click();
    await expect(page).toHaveURL(`/eigenaar/${ownerId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sanne de Vries' })).toBeVisible();
    await expect(page.locator('.leaflet-marker-icon')).toBeVisible();
    await page.getByRole('link', { name: /Bobby/ }).first().click();
    await expect(page).toHaveURL(`/huisdier/${petId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Bobby' })).toBeVisible();
    const wanted = page.getByRole('region', { name: 'Gezochte hulp' });
    await expect(wanted.getByRole('listitem')).toHaveText([
      'Uitlaten',
      'Verzorging tijdens vakantie',
    ]);
    await expect(page.locator('.leaflet-marker-icon img')).toHaveAttribute(
      'src',
      saved.profile.avatar_url ?? '',
    );
    await checkStep(page, 'wizard-owner-pet-page');

    await page.goto(`/eigenaar/${ownerId}`);
    await renameInline(page, 'Sanne Jansen');
    await checkStep(page, 'wizard-owner-owner-page');

    await expectOthersCannotEdit(browser, {
      [`/eigenaar/${ownerId}`]: 'Sanne Jansen',
      [`/huisdier/${petId}`]: 'Bobby',
    });
  });

  test('a new sitter makes a profile, changes it from the dashboard and finds it, new, on their page', async ({
    browser,
    page,
  }) => {
    await signUpByMail(page, {
      firstName: 'Lotte',
      lastName: 'Jansen',
      email: uniqueEmail('wizard.oppas'),
    });

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Ik wil oppassen' }).click();
    await expectStep(page, 1, 'Basisgegevens', 20);
    await page.getByLabel('Voornaam *').fill('Lotte');
    await page.getByLabel('Achternaam').fill('Jansen');
    // A sitter's place and postcode are marked as required.
    await page.getByLabel('Woonplaats *', { exact: true }).fill('Utrecht');
    await page.getByLabel('Postcode (4 cijfers) *', { exact: true }).fill('3512');
    // Members are adults: a date of birth under 18 is refused on its own step.
    const thirteen = `${new Date().getFullYear() - 13}-03-01`;
    await page.getByLabel('Geboortedatum').fill(thirteen);
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page.getByText(TOO_YOUNG)).toBeVisible();
    await expect(page.getByLabel('Geboortedatum')).toBeFocused();
    await page.getByLabel('Geboortedatum').fill('1990-03-01');
    await page.getByRole('button', { name: 'Volgende' }).click();

    await expectStep(page, 2, 'Details', 40);
    // The 'Over mij' counts its characters as one types.
    const about = page.getByLabel('Over mij *', { exact: true });
    await expect(about).toHaveAccessibleDescription(/0 van minstens 50 tekens\./);
    await about.fill(ABOUT);
    await expect(about).toHaveAccessibleDescription(/\b\d+ tekens\.$/);
    await page.getByLabel('Ervaring').selectOption('ervaren');
    await page.getByRole('checkbox', { name: 'Weekend overdag' }).check();
    await page.getByRole('button', { name: 'Volgende' }).click();

    await expectStep(page, 3, 'Extra informatie', 60);
    await page.getByLabel('Maximale afstand').selectOption('5');
    await page.getByLabel('Uurtarief').selectOption('gratis');
    await page.getByLabel('Vervoer').selectOption('fiets');
    await page.getByRole('button', { name: 'Volgende' }).click();

    await expectStep(page, 4, "Foto's", 80);
    await page.getByRole('button', { name: 'Volgende' }).click();

    await expectStep(page, 5, 'Overzicht', 100);
    await expect(page.getByText('Lotte Jansen')).toBeVisible();
    // Dates as people write them here, and the animals she knows.
    await expect(page.getByText('1 maart 1990')).toBeVisible();
    await expect(page.getByText('Ervaring met', { exact: true })).toBeVisible();
    await checkStep(page, 'wizard-sitter-5-overzicht');
    await page.getByRole('button', { name: 'Profiel voltooien' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welkom, Lotte!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bekijk je profiel' })).toHaveAttribute(
      'href',
      /^\/vrijwilliger\/\d+$/,
    );
    await expect(statusTile(page)).toContainText('Vrijwilliger');
    await checkStep(page, 'dashboard-sitter');

    await page.getByRole('link', { name: 'Profiel bewerken' }).click();
    await expect(page).toHaveURL(/\/profiel-aanmaken\?mode=edit&type=vrijwilliger$/);
    await expect(page.getByRole('heading', { name: 'Profiel bewerken' })).toBeVisible();
    await expect(page.getByLabel('Voornaam *')).toHaveValue('Lotte');
    await expect(page.getByLabel('Postcode (4 cijfers)')).toHaveValue('3512');
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page.getByLabel('Over mij')).toHaveValue(ABOUT);
    await page.getByLabel('Over mij').fill(EDITED_ABOUT);
    for (let step = 2; step < 5; step += 1) {
      await page.getByRole('button', { name: 'Volgende' }).click();
    }
    await expect(page.getByRole('button', { name: 'Profiel voltooien' })).toHaveCount(0);
    await checkStep(page, 'wizard-sitter-edit');
    await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('status').filter({ hasText: PROFILE_SAVED })).toBeVisible();
    const saved = await ownProfile(page);
    expect(saved.type).toBe('vrijwilliger');
    if (saved.type !== 'vrijwilliger') return;
    expect(saved.profile.bio).toBe(EDITED_ABOUT);
    expect(saved.profile.availability).toEqual(['Weekend overdag']);
    const volunteerId = saved.profile.id;

    // The sitter's own page: new this week, on the map, and renamed inline.
    await page
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .getByRole('link', { name: 'Mijn profiel' })
      .click();
    await expect(page).toHaveURL(`/vrijwilliger/${volunteerId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Lotte Jansen' })).toBeVisible();
    await expect(page.getByText('Nieuw', { exact: true })).toBeVisible();
    await expect(page.getByText(EDITED_ABOUT)).toBeVisible();
    await expect(page.locator('.leaflet-marker-icon')).toBeVisible();
    await renameInline(page, 'Lotte de Boer');
    await checkStep(page, 'wizard-sitter-page');

    await expectOthersCannotEdit(browser, { [`/vrijwilliger/${volunteerId}`]: 'Lotte de Boer' });
  });

  test("a double tap on 'Profiel voltooien' makes one profile with one pet, without an error", async ({
    page,
  }) => {
    await signUpByMail(page, {
      firstName: 'Femke',
      lastName: 'Dubbel',
      email: uniqueEmail('wizard.dubbel'),
    });
    const calls = recordCreateCalls(page, '/api/profiles');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Ik zoek een oppas' }).click();
    await expectStep(page, 1, 'Basisgegevens', 20);
    await page.getByLabel('Soort dier *').selectOption('hond');
    await page.getByLabel('Naam van je huisdier *').fill('Dribbel');
    await page.getByLabel('Woonplaats').fill('Utrecht');
    await page.getByLabel('Postcode (4 cijfers)').fill('3512');
    for (let step = 1; step < 5; step += 1) await next(page);
    await expectStep(page, 5, 'Eigenaar gegevens', 100);
    await page.getByRole('button', { name: 'Profiel voltooien' }).dblclick();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(statusTile(page)).toContainText('Huisdier');
    await expect(page.getByRole('alert')).toHaveCount(0);
    // Every request of the tap went under one key and got the first answer.
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call).toEqual({ status: 201, key: calls[0]?.key });
    expect(calls[0]?.key).toMatch(/^[0-9a-f-]{36}$/);

    // One profile with one pet, also after a reload of its page.
    const saved = await ownProfile(page);
    if (saved.type !== 'huisdier') throw new Error('an owner profile was made');
    await page.goto(`/eigenaar/${String(saved.profile.owner_id)}`);
    await page.reload();
    const pets = page.getByRole('region', { name: 'Huisdieren van Femke' });
    await expect(pets.getByRole('link', { name: /Dribbel/ })).toHaveCount(1);
    const ownerPage = (await (
      await page.request.get(`/api/owners/${String(saved.profile.owner_id)}`)
    ).json()) as { pets: { name: string }[] };
    expect(ownerPage.pets.map((pet) => pet.name)).toEqual(['Dribbel']);
  });
});

for (const [size, viewport] of [
  ['1280', { width: 1280, height: 800 }],
  ['390', PHONE],
] as const) {
  test.describe(`profile wizard step by step at ${size} px`, () => {
    test.describe.configure({ timeout: 120_000 });
    test.use({ viewport });

    test('each step shows and focuses its wrong field on Volgende, a reload keeps what was typed, and the sitter minimum is asked on its step', async ({
      page,
    }) => {
      await signUpByMail(page, {
        firstName: 'Noor',
        lastName: 'Bakker',
        email: uniqueEmail(`wizard.stap.${size}`),
      });
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Ik wil oppassen' }).click();
      await expectStep(page, 1, 'Basisgegevens', 20);

      // Step 1: without a place the step stays, naming it and putting focus on it.
      await next(page);
      await expectStep(page, 1, 'Basisgegevens', 20);
      const place = page.getByLabel('Woonplaats');
      await expect(place).toHaveAccessibleDescription('Vul je woonplaats in.');
      await expect(place).toBeFocused();
      await checkPage(page, `wizard-stap-1-fout-${size}`);
      await place.fill('Utrecht');
      const postcode = page.getByLabel('Postcode (4 cijfers)');
      await postcode.fill('351');
      await next(page);
      await expect(postcode).toHaveAccessibleDescription(/Postcode moet uit 4 cijfers bestaan/);
      await expect(postcode).toBeFocused();
      // Four digits the form accepts but no place has: the server's refusal comes later.
      await postcode.fill('1000');
      await next(page);

      // Step 2: 49 characters about herself are one too few.
      await expectStep(page, 2, 'Details', 40);
      const about = page.getByLabel('Over mij');
      await about.fill(FORTY_NINE);
      await next(page);
      await expectStep(page, 2, 'Details', 40);
      await expect(about).toHaveAccessibleDescription(/Schrijf minstens 50 tekens over jezelf\./);
      await expect(about).toBeFocused();
      await checkPage(page, `wizard-stap-2-over-mij-${size}`);

      // A reload keeps the step and what was typed, in this tab only.
      await page.reload();
      await expectStep(page, 2, 'Details', 40);
      await expect(page.getByLabel('Over mij')).toHaveValue(FORTY_NINE);
      expect(await keptDrafts(page)).toHaveLength(1);
      await page.getByRole('button', { name: 'Vorige' }).click();
      await expect(page.getByLabel('Woonplaats')).toHaveValue('Utrecht');
      await expect(page.getByLabel('Postcode (4 cijfers)')).toHaveValue('1000');
      await next(page);
      await page.getByLabel('Over mij').pressSequentially('!');
      await next(page);
      await expectStep(page, 3, 'Extra informatie', 60);
      await next(page);
      await next(page);
      await expectStep(page, 5, 'Overzicht', 100);

      // The server still refuses the postcode: back to its step, with its text, focused.
      await page.getByRole('button', { name: 'Profiel voltooien' }).click();
      await expectStep(page, 1, 'Basisgegevens', 20);
      const refused = page.getByLabel('Postcode (4 cijfers)');
      await expect(refused).toHaveAccessibleDescription(/Postcode 1000 kennen we niet\./);
      await expect(refused).toBeFocused();
      await checkPage(page, `wizard-server-weigert-${size}`);
      await refused.fill('3512');
      for (let step = 1; step < 5; step += 1) await next(page);
      await page.getByRole('button', { name: 'Profiel voltooien' }).click();

      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(statusTile(page)).toContainText('Vrijwilliger');
      expect(await keptDrafts(page)).toEqual([]);
      const saved = await ownProfile(page);
      expect(saved.type).toBe('vrijwilliger');
      expect(saved.profile.bio).toBe(`${FORTY_NINE}!`);
      expect(saved.profile.postal_code).toBe('3512');
    });

    test('an owner with two pets edits the second, sees a wrong field on the last step and reads that it was saved', async ({
      page,
    }) => {
      await signUpByMail(page, {
        firstName: 'Sanne',
        lastName: 'Twee',
        email: uniqueEmail(`wizard.tweede.${size}`),
      });
      const lookup = await createProfile(page, {
        profileType: 'huisdier',
        firstName: 'Sanne',
        lastName: 'Twee',
        location: 'Utrecht',
        postalCode: '3512',
        petName: 'Bobby',
        petBreed: 'Labrador',
      });
      const added = await page.request.post('/api/pets', {
        data: { petName: 'Luna', petBreed: 'Europese korthaar' },
        headers: { Origin: baseURL },
      });
      expect(added.status()).toBe(201);
      const luna = ((await added.json()) as { pet: { id: number } }).pet.id;

      await page.goto('/dashboard');
      await page.getByRole('link', { name: 'Profiel bewerken' }).click();
      await expect(page).toHaveURL(/\/profiel-aanmaken\?mode=edit&type=huisdier$/);
      const pick = page.getByLabel('Welk huisdier bewerk je?');
      await expect(pick).toHaveValue(String(lookup.type === 'huisdier' ? lookup.profile.id : 0));
      await pick.selectOption({ label: 'Luna' });
      const petName = page.getByLabel('Naam van je huisdier *');
      await expect(petName).toHaveValue('Luna');
      await expect(page.getByLabel('Ras')).toHaveValue('Europese korthaar');
      await petName.fill('');
      await next(page);
      await expect(petName).toHaveAccessibleDescription('De naam van je huisdier is verplicht');
      await expect(petName).toBeFocused();
      await checkPage(page, `wizard-tweede-huisdier-${size}`);
      await petName.fill('Luna');
      await page.getByLabel('Ras').fill('Noorse boskat');
      for (let step = 1; step < 5; step += 1) await next(page);

      await expectStep(page, 5, 'Eigenaar gegevens', 100);
      const firstName = page.getByLabel('Voornaam *');
      await firstName.fill('');
      await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
      await expectStep(page, 5, 'Eigenaar gegevens', 100);
      await expect(firstName).toHaveAccessibleDescription('Voornaam is verplicht');
      await expect(firstName).toBeFocused();
      await firstName.fill('Sanna');
      await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();

      await expect(page).toHaveURL(/\/dashboard$/);
      const notice = page.getByRole('status').filter({ hasText: PROFILE_SAVED });
      await expect(notice).toBeVisible();
      await expect(notice).toHaveAttribute('aria-live', 'polite');
      await checkPage(page, `wizard-opgeslagen-${size}`);
      expect(await keptDrafts(page)).toEqual([]);

      const lunaPage = (await (await page.request.get(`/api/pets/${luna}`)).json()) as {
        pet: { name: string; breed: string | null };
      };
      expect(lunaPage.pet).toMatchObject({ name: 'Luna', breed: 'Noorse boskat' });
      const first = await ownProfile(page);
      if (first.type !== 'huisdier') throw new Error('an owner profile');
      expect(first.profile).toMatchObject({ name: 'Bobby', breed: 'Labrador' });
      expect(first.profile.owner.first_name).toBe('Sanna');

      // The notice is gone on the next page.
      await page.goto('/instellingen');
      await page.goto('/dashboard');
      await expect(page.getByText(PROFILE_SAVED)).toHaveCount(0);
    });
  });
}
