import type { Page } from '@playwright/test';
import { checkPage, expect, loopbackOnly, saveScreenshot, test } from './fixtures';
import { recordCreateCalls } from './support/create-calls';
import { seedDemoProfiles } from './support/demo';
import { baseURL } from './support/endpoints';
import { squarePng } from './support/images';
import { signUpByMail, uniqueEmail, createProfile } from './support/session';

async function uploadPhoto(page: Page, rgb: [number, number, number]): Promise<string> {
  const response = await page.request.post('/api/upload', {
    multipart: { file: { name: 'foto.png', mimeType: 'image/png', buffer: squarePng(rgb) } },
    headers: { Origin: baseURL },
  });
  expect(response.status(), 'upload').toBe(201);
  return ((await response.json()) as { url: string }).url;
}

test.describe('profile pages', () => {
  // Sign-ups, uploads and a second person's browser: more than the default half minute on CI.
  test.describe.configure({ timeout: 90_000 });

  test('an owner sees their pet and owner pages with a map and edits their name', async ({
    page,
    browser,
  }) => {
    await signUpByMail(page, {
      firstName: 'Eva',
      lastName: 'Eigenaar',
      email: uniqueEmail('eigenaar.profiel'),
    });
    const petPhoto = await uploadPhoto(page, [234, 88, 12]);
    const ownerPhoto = await uploadPhoto(page, [13, 148, 136]);
    const lookup = await createProfile(page, {
      profileType: 'huisdier',
      firstName: 'Eva',
      lastName: 'Eigenaar',
      ownerBio: 'Ik werk drie dagen per week op kantoor.',
      location: 'Utrecht',
      postalCode: '3512',
      avatarUrl: petPhoto,
      ownerAvatarUrl: ownerPhoto,
      petName: 'Bobbie',
      petBreed: 'Labrador',
      petAge: '3 jaar',
      petSize: 'groot',
      petGender: 'reu',
      petPersonality: 'Vrolijk en speels',
      petGoodWith: ['Kinderen', 'Katten'],
      bio: 'Bobbie houdt van lange wandelingen in het park.',
    });
    expect(lookup.type).toBe('huisdier');
    if (lookup.type !== 'huisdier') return;
    const petId = lookup.profile.id;
    const ownerId = lookup.profile.owner_id;

    // The pet page.
    await page.goto(`/huisdier/${petId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Bobbie' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Over Bobbie' })).toBeVisible();
    await expect(page.getByText('Bobbie houdt van lange wandelingen in het park.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Bobbie zoekt een oppas die' })).toBeVisible();
    await expect(page.getByText('ervaring heeft met grote honden')).toBeVisible();
    await expect(page.getByRole('link', { name: /Eva Eigenaar/ })).toHaveAttribute(
      'href',
      `/eigenaar/${ownerId}`,
    );
    await expect(
      page.getByRole('region', { name: 'Kaart met de locatie van Bobbie' }),
    ).toBeVisible();
    await expect(page.locator('.leaflet-marker-icon')).toBeVisible();
    await expect(page.getByText('Postcodes: GeoNames (CC BY 4.0)')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Naam bewerken' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bericht sturen' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Bericht sturen' })).toHaveCount(0);
    await checkPage(page, 'profiles-pet');

    // The owner page, with the pet on it.
    await page.getByRole('link', { name: /Eva Eigenaar/ }).click();
    await expect(page).toHaveURL(`/eigenaar/${ownerId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Eva Eigenaar' })).toBeVisible();
    await expect(page.getByText('Ik werk drie dagen per week op kantoor.')).toBeVisible();
    await expect(page.getByRole('link', { name: /Bobbie/ })).toHaveAttribute(
      'href',
      `/huisdier/${petId}`,
    );
    await expect(page.locator('.leaflet-marker-icon')).toBeVisible();
    await expect(page.locator('.leaflet-marker-icon img')).toHaveAttribute('src', ownerPhoto);
    await checkPage(page, 'profiles-owner');

    // Editing the name inline.
    await page.getByRole('button', { name: 'Naam bewerken' }).click();
    const dialog = page.getByRole('dialog', { name: 'Naam bewerken' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Naam').fill('Eva van Dijk');
    await expect(dialog.getByText('12 / 100 tekens')).toBeVisible();
    await checkPage(page, 'profiles-edit-name');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Eva van Dijk' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Eva van Dijk' })).toBeVisible();

    // Someone else, signed in, may message but not edit.
    const context = await browser.newContext({ baseURL });
    await loopbackOnly(context);
    const other = await context.newPage();
    await signUpByMail(other, {
      firstName: 'Otto',
      lastName: 'Ander',
      email: uniqueEmail('bezoeker.profiel'),
    });
    await other.goto(`/eigenaar/${ownerId}`);
    await expect(other.getByRole('heading', { level: 1, name: 'Eva van Dijk' })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Bericht sturen' })).toBeEnabled();
    await expect(other.getByRole('button', { name: /bewerken$/ })).toHaveCount(0);
    await other.goto(`/huisdier/pet-${petId}`);
    await expect(other.getByRole('heading', { level: 1, name: 'Bobbie' })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Bericht sturen' })).toBeVisible();
    await expect(other.getByRole('button', { name: /bewerken$/ })).toHaveCount(0);
    await checkPage(other, 'profiles-pet-visitor');
    await context.close();
  });

  test('an owner adds a second pet from the owner page, edits it on its own page and removes it', async ({
    page,
  }) => {
    await signUpByMail(page, {
      firstName: 'Pien',
      lastName: 'Tweedier',
      email: uniqueEmail('eigenaar.tweede'),
    });
    const lookup = await createProfile(page, {
      profileType: 'huisdier',
      firstName: 'Pien',
      lastName: 'Tweedier',
      location: 'Utrecht',
      postalCode: '3512',
      petName: 'Bobbie',
      petSize: 'groot',
    });
    if (lookup.type !== 'huisdier') throw new Error('an owner profile was made');
    const ownerId = lookup.profile.owner_id;

    // Adding the second pet from the owner page.
    await page.goto(`/eigenaar/${ownerId}`);
    await expect(page.getByRole('button', { name: 'Bobbie verwijderen' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Nog een huisdier toevoegen' }).click();
    const add = page.getByRole('dialog', { name: 'Huisdier toevoegen' });
    await add.getByRole('button', { name: 'Toevoegen' }).click();
    await expect(add.getByText('De naam van je huisdier is verplicht')).toBeVisible();
    await add.getByLabel('Soort dier *').selectOption('hond');
    await add.getByLabel('Naam van je huisdier *').fill('Pluis');
    await add.getByLabel('Grootte').selectOption({ label: 'Klein (tot 10 kg)' });
    await checkPage(page, 'profiles-add-pet');
    await add.getByRole('button', { name: 'Toevoegen' }).click();

    // Its own page, where its owner edits it.
    await expect(page).toHaveURL(/\/huisdier\/\d+$/);
    const pluisId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByRole('heading', { level: 1, name: 'Pluis' })).toBeVisible();
    const details = page.getByRole('region', { name: 'Details' });
    await expect(details.getByText('Klein (tot 10 kg)')).toBeVisible();
    await page.getByRole('button', { name: 'Ras bewerken' }).click();
    const breed = page.getByRole('dialog', { name: 'Ras bewerken' });
    await breed.getByLabel('Ras').fill('Maltezer');
    await breed.getByRole('button', { name: 'Opslaan' }).click();
    await expect(breed).toBeHidden();
    await page.reload();
    await expect(details.getByText('Maltezer')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Pluis' })).toBeVisible();

    // Its own card in the list, beside the first pet's.
    await page.goto('/profielen?q=Pluis');
    await expect(page.locator(`a[href="/huisdier/${pluisId}"]`).first()).toBeVisible();
    await page.goto('/profielen?q=Bobbie');
    await expect(page.locator(`a[href="/huisdier/${lookup.profile.id}"]`).first()).toBeVisible();

    // Removing it again, after a confirmation; the last pet offers no removal.
    await page.goto(`/eigenaar/${ownerId}`);
    const pets = page.getByRole('region', { name: 'Huisdieren van Pien' });
    await expect(pets.getByRole('link', { name: /Pluis/ })).toBeVisible();
    await pets.getByRole('button', { name: 'Pluis verwijderen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Pluis verwijderen?' });
    await checkPage(page, 'profiles-remove-pet');
    await confirm.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(pets.getByRole('link', { name: /Pluis/ })).toHaveCount(0);
    await expect(pets.getByRole('link', { name: /Bobbie/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bobbie verwijderen' })).toHaveCount(0);
    await page.goto(`/huisdier/${pluisId}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Huisdier niet gevonden' }),
    ).toBeVisible();
  });

  test("a double tap on 'Toevoegen' under 'Nog een huisdier toevoegen' adds one pet, without an error", async ({
    page,
  }) => {
    await signUpByMail(page, {
      firstName: 'Daan',
      lastName: 'Dubbeltik',
      email: uniqueEmail('eigenaar.dubbeltik'),
    });
    const lookup = await createProfile(page, {
      profileType: 'huisdier',
      firstName: 'Daan',
      lastName: 'Dubbeltik',
      location: 'Utrecht',
      postalCode: '3512',
      petName: 'Bommel',
    });
    if (lookup.type !== 'huisdier') throw new Error('an owner profile was made');
    const ownerId = lookup.profile.owner_id;
    const calls = recordCreateCalls(page, '/api/pets');

    await page.goto(`/eigenaar/${String(ownerId)}`);
    await page.getByRole('button', { name: 'Nog een huisdier toevoegen' }).click();
    const add = page.getByRole('dialog', { name: 'Huisdier toevoegen' });
    await add.getByLabel('Soort dier *').selectOption('kat');
    await add.getByLabel('Naam van je huisdier *').fill('Snorretje');
    await add.getByRole('button', { name: 'Toevoegen' }).dblclick();

    await expect(page).toHaveURL(/\/huisdier\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Snorretje' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call).toEqual({ status: 201, key: calls[0]?.key });
    expect(calls[0]?.key).toMatch(/^[0-9a-f-]{36}$/);

    // One new pet beside the first, also after a reload of the owner page.
    await page.goto(`/eigenaar/${String(ownerId)}`);
    await page.reload();
    const pets = page.getByRole('region', { name: 'Huisdieren van Daan' });
    await expect(pets.getByRole('link', { name: /Snorretje/ })).toHaveCount(1);
    await expect(pets.getByRole('link', { name: /Bommel/ })).toHaveCount(1);
    const ownerPage = (await (await page.request.get(`/api/owners/${String(ownerId)}`)).json()) as {
      pets: { name: string }[];
    };
    expect(ownerPage.pets.map((pet) => pet.name)).toEqual(['Bommel', 'Snorretje']);
  });

  test('a new sitter shows as Nieuw and the detail redirect leads there', async ({ page }) => {
    await signUpByMail(page, {
      firstName: 'Sem',
      lastName: 'Oppas',
      email: uniqueEmail('oppas.profiel'),
    });
    const lookup = await createProfile(page, {
      profileType: 'vrijwilliger',
      firstName: 'Sem',
      lastName: 'Oppas',
      bio: 'Ik wandel graag met honden in het Wilhelminapark in Utrecht.',
      location: 'Utrecht',
      postalCode: '3512',
      experience: 'ervaren',
      availability: ['Weekend overdag', 'Vakantieperiodes'],
      languages: ['Nederlands', 'Engels'],
      maxDistance: 5,
      hourlyRate: 'gratis',
      transportMode: 'fiets',
    });
    expect(lookup.type).toBe('vrijwilliger');
    const volunteerId = lookup.profile.id;

    await page.goto(`/profiel/volunteer-${volunteerId}`);
    await expect(page).toHaveURL(`/vrijwilliger/${volunteerId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sem Oppas' })).toBeVisible();
    await expect(page.getByText('Nieuw', { exact: true })).toBeVisible();
    await expect(page.getByText('Vrijwilliger', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Beschikbaar voor' })).toBeVisible();
    await expect(page.getByText('Vakantieperiodes')).toBeVisible();
    await expect(page.locator('.leaflet-marker-icon')).toBeVisible();
    await expect(page.locator('.leaflet-marker-icon')).toHaveText('S');
    await checkPage(page, 'profiles-volunteer');
  });

  test('a sitter edits her name in one tab and her story in another, and both stay', async ({
    page,
  }) => {
    await signUpByMail(page, {
      firstName: 'Noor',
      lastName: 'Tabs',
      email: uniqueEmail('oppas.tabs'),
    });
    const lookup = await createProfile(page, {
      profileType: 'vrijwilliger',
      firstName: 'Noor',
      lastName: 'Tabs',
      bio: 'Ik pas graag op katten en honden in de buurt van het Griftpark.',
      location: 'Utrecht',
      postalCode: '3512',
    });
    const path = `/vrijwilliger/${String(lookup.profile.id)}`;
    await page.goto(path);
    const other = await page.context().newPage();
    await other.goto(path);
    await expect(other.getByRole('heading', { level: 1, name: 'Noor Tabs' })).toBeVisible();

    // The first tab changes the name.
    await page.getByRole('button', { name: 'Naam bewerken' }).click();
    const nameDialog = page.getByRole('dialog', { name: 'Naam bewerken' });
    await nameDialog.getByLabel('Naam').fill('Noor van Tabs');
    await nameDialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Noor van Tabs' })).toBeVisible();

    // The second, which still shows the old name, changes the story.
    const story = 'Ik pas graag op katten, honden en konijnen rond het Griftpark en de Vecht.';
    await other.getByRole('button', { name: 'Over mij bewerken' }).click();
    const storyDialog = other.getByRole('dialog', { name: 'Over mij bewerken' });
    await storyDialog.getByLabel('Over mij').fill(story);
    await storyDialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(other.getByText(story)).toBeVisible();

    // Read again, in either tab: both changes are there.
    for (const tab of [page, other]) {
      await tab.reload();
      await expect(tab.getByRole('heading', { level: 1, name: 'Noor van Tabs' })).toBeVisible();
      await expect(tab.getByText(story)).toBeVisible();
    }
    await other.close();
  });

  test('on a phone the contact button stays within reach at the bottom of the screen', async ({
    browser,
  }) => {
    await seedDemoProfiles();
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    await loopbackOnly(context);
    const page = await context.newPage();
    await page.goto('/profielen?q=Luna');
    await page.getByRole('link', { name: /Luna/ }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Luna' })).toBeVisible();
    const contact = page.getByRole('link', { name: 'Bericht sturen' });
    await expect(contact).toBeInViewport();
    await page.mouse.wheel(0, 1200);
    await expect(contact).toBeInViewport();
    await saveScreenshot(page, 'profiles-pet-phone');
    await context.close();
  });

  test('on a phone one’s own page has no contact bar over its last lines', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpByMail(page, {
      firstName: 'Eva',
      lastName: 'Eigen',
      email: uniqueEmail('eigen-pagina'),
    });
    const lookup = await createProfile(page, {
      profileType: 'huisdier',
      firstName: 'Eva',
      lastName: 'Eigen',
      postalCode: '3512',
      petSpecies: 'kat',
      petName: 'Tijger',
    });
    await page.goto(`/huisdier/${String(lookup.profile.id)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tijger' })).toBeVisible();
    // Nothing to press on one's own page: no bar is fixed to the bottom of the screen.
    const barsAtTheBottom = () =>
      page.evaluate<number>(`[...document.querySelectorAll('body *')].filter((element) => {
        const box = element.getBoundingClientRect();
        return getComputedStyle(element).position === 'fixed' && box.height > 0 &&
          Math.abs(box.bottom - window.innerHeight) < 2;
      }).length`);
    await page.mouse.wheel(0, 1200);
    expect(await barsAtTheBottom()).toBe(0);
  });

  test('without map tiles a profile shows a small card with its place instead of a map', async ({
    browser,
  }) => {
    await seedDemoProfiles();
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    await loopbackOnly(context);
    await context.route('**/api/map', (route) => route.fulfill({ json: { tileUrl: null } }));
    const page = await context.newPage();
    await page.goto('/profielen?q=Luna');
    await page.getByRole('link', { name: /Luna/ }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Luna' })).toBeVisible();
    const card = page.getByRole('region', { name: 'Locatie van Luna' });
    await expect(card).toContainText('De omgeving van Luna; een adres tonen we nooit.');
    const box = await card.boundingBox();
    expect(box?.height).toBeLessThan(120);
    await expect(page.locator('.leaflet-container')).toHaveCount(0);
    await checkPage(page, 'profiles-pet-phone-no-tiles');
    await context.close();
  });

  test('unknown profiles say so and lead back to the list', async ({ page }) => {
    await page.goto('/vrijwilliger/999999999');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Vrijwilliger niet gevonden' }),
    ).toBeVisible();
    await expect(
      page.getByText('Het profiel dat je zoekt bestaat niet of is verwijderd.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Terug naar profielen' })).toHaveAttribute(
      'href',
      '/profielen',
    );
    await checkPage(page, 'profiles-not-found');

    await page.goto('/profiel/iets-anders');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Profiel niet gevonden' }),
    ).toBeVisible();
  });

  test('on a phone a sitter sets her week and a holiday, and owners find her on the days she can', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const email = uniqueEmail('oppas.week');
    await signUpByMail(page, { firstName: 'Wike', lastName: 'Weekoppas', email });
    const lookup = await createProfile(page, {
      profileType: 'vrijwilliger',
      firstName: 'Wike',
      lastName: 'Weekoppas',
      postalCode: '3512',
    });
    const volunteerId = lookup.profile.id;
    // A Monday three weeks or more ahead, and the week after it away.
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const monday = new Date(Date.now() + 21 * 86_400_000);
    monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7));
    const away = new Date(monday.getTime() + 7 * 86_400_000);
    const back = new Date(away.getTime() + 2 * 86_400_000);

    await page.goto(`/vrijwilliger/${volunteerId}`);
    const section = page.getByRole('region', { name: 'Wanneer je kunt' });
    await expect(section.getByText('Je hebt nog niet ingevuld wanneer je kunt.')).toBeVisible();
    await section.getByRole('button', { name: 'Week en vakanties aanpassen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wanneer kun je helpen?' });
    await dialog.getByRole('checkbox', { name: 'Maandag ochtend' }).check();
    await dialog.getByRole('checkbox', { name: 'Zaterdag middag' }).check();
    await dialog.getByRole('button', { name: 'Periode toevoegen' }).click();
    await dialog.getByLabel('Van').fill(day(away));
    await dialog.getByLabel('Tot en met').fill(day(back));
    await checkPage(page, 'profiles-schedule-dialog');
    await dialog.getByRole('button', { name: 'Bewaren' }).click();
    await expect(dialog).toBeHidden();

    const grid = section.getByRole('table', { name: 'Wanneer Wike meestal kan' });
    await expect(
      grid
        .getByRole('row', { name: /^Maandag/ })
        .getByRole('cell')
        .first(),
    ).toHaveText('Kan');
    await checkPage(page, 'profiles-schedule');

    // A visitor finds her on a Monday morning, not in her week away nor on a Monday evening.
    const visitor = await page.context().browser()?.newContext({ baseURL, locale: 'nl-NL' });
    if (!visitor) throw new Error('no browser');
    await loopbackOnly(visitor);
    const owner = await visitor.newPage();
    await owner.setViewportSize({ width: 390, height: 844 });
    const search = (date: Date, part: string) =>
      `/profielen?type=vrijwilliger&q=weekoppas&availableOn=${day(date)}&dayPart=${part}`;
    const herCard = owner.getByRole('article', { name: /Wike Weekoppas/ });
    await owner.goto(search(monday, 'ochtend'));
    await expect(herCard).toBeVisible();
    await expect(owner.getByRole('list', { name: 'Gekozen filters' })).toContainText('Ochtend');
    await checkPage(owner, 'browse-available-on');
    await owner.goto(search(away, 'ochtend'));
    await expect(owner.getByRole('heading', { name: 'Geen profielen gevonden' })).toBeVisible();
    await owner.goto(search(monday, 'avond'));
    await expect(owner.getByRole('heading', { name: 'Geen profielen gevonden' })).toBeVisible();
    await visitor.close();
  });

  test('on a phone an owner says when help is needed with a pet, and a visitor reads it on its card', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpByMail(page, {
      firstName: 'Hanna',
      lastName: 'Hulpvraag',
      email: uniqueEmail('eigenaar.hulp'),
    });
    const lookup = await createProfile(page, {
      profileType: 'huisdier',
      firstName: 'Hanna',
      lastName: 'Hulpvraag',
      location: 'Utrecht',
      postalCode: '3512',
      petName: 'Pepijn',
      petSize: 'middel',
      bio: 'Pepijn is een rustige hond die graag aan de lijn loopt.',
    });
    if (lookup.type !== 'huisdier') throw new Error('an owner profile was made');
    // Two weeks ahead for three weeks; first with the end before the start.
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const from = new Date(Date.now() + 14 * 86_400_000);
    const until = new Date(from.getTime() + 20 * 86_400_000);
    const before = new Date(from.getTime() - 4 * 86_400_000);
    const written = (date: Date, year: boolean) =>
      new Intl.DateTimeFormat('nl-NL', {
        day: 'numeric',
        month: 'long',
        year: year ? 'numeric' : undefined,
        timeZone: 'UTC',
      }).format(date);
    const sameYear = from.getUTCFullYear() === until.getUTCFullYear();
    const period = `van ${written(from, !sameYear)} tot en met ${written(until, true)}`;

    await page.goto(`/huisdier/${String(lookup.profile.id)}`);
    const section = page.getByRole('region', { name: 'Hulp nodig' });
    await expect(section.getByText('Nog niet aangegeven.')).toBeVisible();
    await section.getByRole('button', { name: 'Hulp nodig aanpassen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wanneer zoek je hulp voor Pepijn?' });
    await expect(dialog.getByRole('radio', { name: 'In een periode' })).toBeChecked();
    await dialog.getByLabel('Van').fill(day(from));
    await dialog.getByLabel('Tot en met').fill(day(before));
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(dialog.getByText('De einddatum ligt voor de begindatum.')).toBeVisible();
    await expect(dialog.getByLabel('Tot en met')).toHaveAttribute('aria-invalid', 'true');
    await checkPage(page, 'profiles-help-needed-dialog-390');

    await dialog.getByLabel('Tot en met').fill(day(until));
    // A double tap saves once, without an error.
    await dialog.getByRole('button', { name: 'Opslaan' }).dblclick();
    await expect(dialog).toBeHidden();
    await expect(section).toContainText(`V${period.slice(1)}`);
    await checkPage(page, 'profiles-help-needed-390');
    // Opened again it starts from what is kept, and offers to say it is no longer needed.
    await section.getByRole('button', { name: 'Hulp nodig aanpassen' }).click();
    await expect(dialog.getByLabel('Van')).toHaveValue(day(from));
    await expect(dialog.getByRole('button', { name: 'Niet meer nodig' })).toBeVisible();
    await checkPage(page, 'profiles-help-needed-dialog-kept-390');
    await dialog.getByRole('radio', { name: 'Regelmatig' }).check();
    await expect(dialog.getByRole('group', { name: 'Op welke dagen' })).toBeVisible();
    await checkPage(page, 'profiles-help-needed-days-390');
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect(dialog).toBeHidden();

    // A visitor reads it on the pet's card (a list is kept for ten seconds: asked again until then).
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    await loopbackOnly(context);
    const visitor = await context.newPage();
    await expect(async () => {
      await visitor.goto('/profielen?type=huisdier&q=Pepijn');
      await expect(
        visitor.getByRole('article', { name: 'Pepijn' }).getByText(`Hulp nodig ${period}`),
      ).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await checkPage(visitor, 'browse-help-needed-card-390');
    await context.close();
  });
});
