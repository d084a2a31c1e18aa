import type { Page } from '@playwright/test';
import { checkPage, expect, test } from './fixtures';
import { setServerClockAhead } from './support/clock';
import { demo, seedDemoProfiles } from './support/demo';
import { clearMailbox, listMail, waitForMail } from './support/mailbox';
import { createProfile, secondBrowser, signUpByMail, uniqueEmail } from './support/session';

/** Answers the list call with no profiles at all, as on a fresh installation. */
async function withoutProfiles(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/api/profiles',
    (route) => route.fulfill({ json: { profiles: [], total: 0, page: 1, perPage: 24 } }),
  );
}

/** Answers the list call with a server failure. */
async function withFailingList(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/api/profiles',
    (route) =>
      route.fulfill({
        status: 500,
        json: { error: 'Er ging iets mis aan onze kant.', code: 'internal' },
      }),
  );
}

const card = (page: Page, name: string) => page.getByRole('article', { name: new RegExp(name) });

test.describe('browsing profiles', () => {
  // Several pages with axe each: more than the default half minute on a busy machine.
  test.describe.configure({ timeout: 60_000 });
  test.beforeAll(async () => {
    await seedDemoProfiles();
  });

  test('the header leads a visitor to the three browse pages', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });

    await nav.getByRole('link', { name: 'Profielen' }).click();
    await expect(page).toHaveURL(/\/profielen$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vind jouw match!' })).toBeVisible();

    await nav.getByRole('link', { name: 'Voor Baasjes' }).click();
    await expect(page).toHaveURL(/\/voor-baasjes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Voor Baasjes' })).toBeVisible();

    await nav.getByRole('link', { name: 'Voor Oppassers' }).click();
    await expect(page).toHaveURL(/\/voor-oppassers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Voor Oppassers' })).toBeVisible();
  });

  test('/profielen searches by text and type, counts, and clears every filter', async ({
    page,
  }) => {
    await page.goto('/profielen');
    await expect(page.getByRole('heading', { level: 1, name: 'Vind jouw match!' })).toBeVisible();
    await expect(page.getByText(/^\d+ profielen gevonden$/)).toBeVisible();
    for (const profile of [demo.pets.guus, demo.pets.luna, demo.volunteers.fleur]) {
      await expect(card(page, profile.name)).toBeVisible();
    }
    const search = page.getByRole('searchbox', { name: 'Zoeken' });
    await expect(search).toHaveAttribute('placeholder', 'Zoek op naam, locatie of beschrijving...');
    await checkPage(page, 'browse-all');

    // Typing searches once it pauses, with the term in the address.
    await search.fill(demo.pets.guus.name);
    await expect(page).toHaveURL(/\/profielen\?q=Guus$/);
    await expect(page.getByText('1 profiel gevonden voor "Guus"')).toBeVisible();
    const guus = card(page, demo.pets.guus.name);
    await expect(guus.getByText('Huisdier', { exact: true })).toBeVisible();
    await expect(guus.getByText(demo.pets.guus.place)).toBeVisible();
    await expect(guus.getByRole('link', { name: /Bekijk profiel/ })).toBeVisible();

    // The type filter narrows the same search.
    await page.getByLabel('Soort profiel').selectOption({ label: 'Vrijwilligers' });
    await expect(page).toHaveURL(/type=vrijwilliger/);
    await expect(page.getByText('0 profielen gevonden in Vrijwilligers voor "Guus"')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Geen profielen gevonden' })).toBeVisible();
    await checkPage(page, 'browse-none-matching');

    await page.getByRole('button', { name: 'Alle profielen tonen' }).click();
    await expect(page).toHaveURL(/\/profielen$/);
    await expect(search).toHaveValue('');
    await expect(page.getByLabel('Soort profiel')).toHaveValue('');
    await expect(card(page, demo.pets.guus.name)).toBeVisible();

    // The type alone: pets only.
    await page.getByLabel('Soort profiel').selectOption({ label: 'Huisdieren' });
    await expect(page.getByText(/^\d+ profielen? gevonden in Huisdieren$/)).toBeVisible();
    await expect(card(page, demo.pets.luna.name)).toBeVisible();
    await expect(card(page, demo.volunteers.fleur.name)).toHaveCount(0);

    await page.getByLabel('Soort profiel').selectOption({ label: 'Vrijwilligers' });
    await search.fill('Fleur');
    await expect(page.getByText('1 profiel gevonden in Vrijwilligers voor "Fleur"')).toBeVisible();
    await expect(
      card(page, demo.volunteers.fleur.name).getByText('Vrijwilliger', { exact: true }),
    ).toBeVisible();
  });

  test('/profielen searches near a postcode within a radius and shows it on a map', async ({
    page,
  }) => {
    const { lotte } = demo.volunteers;
    const { luna } = demo.pets;
    await page.goto('/profielen');
    const place = page.getByLabel('Bij postcode');
    await place.fill(lotte.postcode);
    await place.press('Enter');

    await expect(page).toHaveURL(/\/profielen\?near=2011$/);
    await expect(page.getByText(/gevonden binnen 10 km van 2011$/)).toBeVisible();
    await expect(card(page, lotte.name).getByText('< 1 km', { exact: true })).toBeVisible();
    // Amsterdam is some 17 km from Haarlem.
    await expect(card(page, luna.name)).toHaveCount(0);

    await page.getByLabel('Straal').selectOption('25');
    await expect(page).toHaveURL(/\/profielen\?near=2011&radiusKm=25$/);
    await expect(page.getByText(/gevonden binnen 25 km van 2011$/)).toBeVisible();
    await expect(card(page, luna.name).getByText(/^1\d,\d km$/)).toBeVisible();
    await expect(card(page, demo.pets.guus.name)).toHaveCount(0);
    await checkPage(page, 'browse-near');

    // The map: one marker per postcode area (Haarlem and Amsterdam), never an address.
    await page.getByRole('button', { name: 'Kaart' }).click();
    await expect(page).toHaveURL(/view=kaart/);
    const map = page.getByRole('region', { name: 'Kaart met de gevonden profielen' });
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(2);
    await expect(map.getByRole('button', { name: /Haarlem: 1 profiel/ })).toBeVisible();
    await checkPage(page, 'browse-map');
    await map.getByRole('button', { name: /Amsterdam/ }).click();
    await expect(map.getByRole('link', { name: luna.name })).toBeVisible();

    // A place the server does not know: its words at the postcode box, not the error state.
    await page.getByRole('button', { name: 'Lijst' }).click();
    await place.fill('Nergenshuizen aan de Nooit');
    await place.press('Enter');
    await expect(place).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Oeps, er ging iets mis')).toHaveCount(0);
    await checkPage(page, 'browse-unknown-place');
  });

  test('a card leads to its page and the back button brings the search back', async ({ page }) => {
    await page.goto('/profielen');
    const search = page.getByRole('searchbox', { name: 'Zoeken' });
    await search.fill(demo.pets.guus.name);
    await expect(page).toHaveURL(/\/profielen\?q=Guus$/);

    const guus = card(page, demo.pets.guus.name);
    await expect(
      guus.getByRole('link', { name: new RegExp(demo.pets.guus.owner) }),
    ).toHaveAttribute('href', /^\/eigenaar\/\d+$/);
    await guus.getByRole('link', { name: /Bekijk profiel/ }).click();
    await expect(page).toHaveURL(/\/huisdier\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: demo.pets.guus.name })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/profielen\?q=Guus$/);
    await expect(search).toHaveValue('Guus');
    await expect(page.getByText('1 profiel gevonden voor "Guus"')).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/profielen$/);
    await expect(search).toHaveValue('');

    await search.fill('Fleur');
    await card(page, demo.volunteers.fleur.name)
      .getByRole('link', { name: /Bekijk profiel/ })
      .click();
    await expect(page).toHaveURL(/\/vrijwilliger\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: /Fleur/ })).toBeVisible();
    await page.getByRole('link', { name: 'Terug naar profielen' }).click();
    await expect(page).toHaveURL(/\/profielen$/);
  });

  test('/profielen says when there are no profiles yet, and when the list fails', async ({
    page,
  }) => {
    await withoutProfiles(page);
    await page.goto('/profielen');
    await expect(page.getByRole('heading', { name: 'Nog geen profielen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Profiel aanmaken', exact: true })).toHaveAttribute(
      'href',
      '/registreren',
    );
    const closing = page.getByRole('region', { name: 'Nog geen profiel?' });
    await expect(closing.getByRole('link', { name: 'Profiel Aanmaken' })).toBeVisible();
    await expect(closing.getByRole('link', { name: 'Meer Informatie' })).toBeVisible();
    await checkPage(page, 'browse-empty');

    await page.unrouteAll();
    await withFailingList(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Oeps, er ging iets mis' })).toBeVisible();
    await expect(page.getByText('Er ging iets mis bij het laden van de profielen')).toBeVisible();
    await checkPage(page, 'browse-error');
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Opnieuw proberen' }).click();
    await expect(card(page, demo.pets.guus.name)).toBeVisible();
  });

  test('/voor-baasjes lists the volunteers, searches them on /profielen, and shows its empty states', async ({
    page,
  }) => {
    await page.goto('/voor-baasjes');
    await expect(page.getByRole('heading', { level: 1, name: 'Voor Baasjes' })).toBeVisible();
    await expect(card(page, demo.volunteers.fleur.name)).toBeVisible();
    // Volunteers only.
    await expect(card(page, demo.pets.guus.name)).toHaveCount(0);
    await checkPage(page, 'for-owners');

    const search = page.getByRole('searchbox', { name: 'Zoek een vrijwilliger' });
    await search.fill('Fleur');
    await page.getByRole('button', { name: 'Zoeken' }).click();
    await expect(page).toHaveURL(/\/profielen\?q=Fleur&type=vrijwilliger$/);
    await expect(page.getByText('1 profiel gevonden in Vrijwilligers voor "Fleur"')).toBeVisible();
    await expect(card(page, demo.volunteers.fleur.name)).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/voor-baasjes$/);
    await expect(card(page, demo.volunteers.fleur.name)).toBeVisible();

    await withoutProfiles(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Nog geen vrijwilligers' })).toBeVisible();
    await checkPage(page, 'for-owners-empty');

    await page.unrouteAll();
    await withFailingList(page);
    await page.reload();
    await expect(
      page.getByText('Er ging iets mis bij het laden van de vrijwilligers'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Opnieuw proberen' })).toBeVisible();
  });

  test('/voor-oppassers lists the pets, searches them on /profielen, and shows its empty states', async ({
    page,
  }) => {
    await page.goto('/voor-oppassers');
    await expect(page.getByRole('heading', { level: 1, name: 'Voor Oppassers' })).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Zoek een huisdier' });
    await expect(search).toHaveAttribute('placeholder', 'Zoek op naam, locatie of ras...');
    await expect(
      page.getByRole('heading', { level: 2, name: 'Huisdieren die jouw zorg zoeken' }),
    ).toBeVisible();
    await expect(page.getByText(/^\d+ huisdieren gevonden$/)).toBeVisible();
    await expect(card(page, demo.volunteers.fleur.name)).toHaveCount(0);
    await checkPage(page, 'for-sitters');

    await search.fill(demo.pets.luna.name);
    await page.getByRole('button', { name: 'Zoeken' }).click();
    await expect(page).toHaveURL(/\/profielen\?q=Luna&type=huisdier$/);
    await expect(page.getByText('1 profiel gevonden in Huisdieren voor "Luna"')).toBeVisible();
    await card(page, demo.pets.luna.name)
      .getByRole('link', { name: /Bekijk profiel/ })
      .click();
    await expect(page).toHaveURL(/\/huisdier\/\d+$/);
    await page.goBack();
    await expect(page.getByRole('searchbox', { name: 'Zoeken' })).toHaveValue('Luna');
    await expect(page.getByLabel('Soort profiel')).toHaveValue('huisdier');

    // Nothing matching: /profielen's own empty state.
    await page.goto('/voor-oppassers');
    await search.fill('Fleur');
    await page.getByRole('button', { name: 'Zoeken' }).click();
    await expect(page.getByRole('heading', { name: 'Geen profielen gevonden' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/voor-oppassers$/);

    const cta = page.getByRole('region', { name: 'Klaar om een huisdier blij te maken?' });
    await expect(cta.getByRole('link', { name: 'Profiel Aanmaken' })).toHaveAttribute(
      'href',
      '/registreren',
    );
    await expect(cta.getByRole('link', { name: 'Alle Profielen Bekijken' })).toHaveAttribute(
      'href',
      '/profielen',
    );

    await withoutProfiles(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Nog geen huisdieren' })).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Alle profielen bekijken', exact: true }),
    ).toHaveAttribute('href', '/profielen');
    await checkPage(page, 'for-sitters-empty');

    await page.unrouteAll();
    await withFailingList(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Oeps, er ging iets mis' })).toBeVisible();
    await expect(page.getByText('Er ging iets mis bij het laden van de huisdieren')).toBeVisible();
    await checkPage(page, 'for-sitters-error');
  });

  test('on a phone the filters open in a sheet that counts live, and a shared address brings them back', async ({
    page,
  }) => {
    const phone = { width: 390, height: 844 };
    await page.setViewportSize(phone);
    await page.goto('/profielen?type=vrijwilliger');
    await expect(card(page, demo.volunteers.lotte.name)).toBeVisible();

    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    // A sheet: the screen's full width, resting on its bottom edge.
    const box = await sheet.boundingBox();
    expect(box?.width).toBe(phone.width);
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(phone.height);
    await expect(sheet.getByLabel('Grootte')).toHaveCount(0);

    await sheet.getByLabel('Soort dier').selectOption({ label: 'Konijn' });
    const apply = sheet.getByRole('button', { name: /^Toon \d+ oppassers?$/ });
    await expect(apply).toBeVisible();
    // Nothing is applied until asked.
    await expect(page).toHaveURL(/\/profielen\?type=vrijwilliger$/);
    await checkPage(page, 'browse-filter-sheet-phone');

    await apply.click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/type=vrijwilliger&species=konijn$/);
    await expect(card(page, demo.volunteers.fleur.name)).toBeVisible();
    await expect(card(page, demo.volunteers.lotte.name)).toHaveCount(0);
    await expect(card(page, demo.volunteers.ahmed.name)).toHaveCount(0);
    await checkPage(page, 'browse-filtered-phone');

    // The address, shared: the same filters and results in another tab.
    const other = await page.context().newPage();
    await other.setViewportSize(phone);
    await other.goto(page.url());
    const chips = other.getByRole('list', { name: 'Gekozen filters' });
    await expect(chips.getByRole('button', { name: 'Filter Konijn weghalen' })).toBeVisible();
    await expect(card(other, demo.volunteers.fleur.name)).toBeVisible();
    await expect(card(other, demo.volunteers.lotte.name)).toHaveCount(0);
    await chips.getByRole('button', { name: 'Filter Konijn weghalen' }).click();
    await expect(other).toHaveURL(/\/profielen\?type=vrijwilliger$/);
    await expect(card(other, demo.volunteers.lotte.name)).toBeVisible();
    await other.close();
  });

  test('a signed-in person saves a search and finds it under /instellingen, where it opens and goes', async ({
    page,
  }) => {
    await signUpByMail(page, {
      firstName: 'Zoë',
      lastName: 'Zoeker',
      email: uniqueEmail('zoeker'),
    });
    await page.goto('/profielen?type=huisdier&species=kat');
    await expect(card(page, demo.pets.minoes.name)).toBeVisible();
    // A double tap saves it once, without an error.
    await page.getByRole('button', { name: 'Bewaar deze zoekopdracht' }).dblclick();
    await expect(page.getByText(/^Bewaard\. Je krijgt een e-mail/)).toBeVisible();
    await checkPage(page, 'browse-search-saved');

    await page.getByRole('link', { name: 'Beheer je zoekopdrachten' }).click();
    await expect(page).toHaveURL(/\/instellingen$/);
    const saved = page.getByRole('region', { name: 'Bewaarde zoekopdrachten' });
    await expect(saved.getByText('Huisdieren · Kat')).toBeVisible();
    await checkPage(page, 'settings-saved-searches');

    await saved.getByRole('link', { name: 'Huisdieren · Kat openen' }).click();
    await expect(page).toHaveURL(/\/profielen\?type=huisdier&species=kat$/);
    await expect(card(page, demo.pets.minoes.name)).toBeVisible();
    await expect(card(page, demo.pets.bobby.name)).toHaveCount(0);

    await page.goto('/instellingen');
    await saved.getByRole('button', { name: 'Huisdieren · Kat verwijderen' }).click();
    await expect(saved.getByText(/Je hebt nog geen zoekopdrachten bewaard/)).toBeVisible();
  });

  test('a saved search mails the new sitter of its day, and the link in the mail ends it signed out', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('zoekt.oppas');
    await signUpByMail(page, { firstName: 'Wim', lastName: 'Zoeker', email });
    await page.goto('/profielen?type=vrijwilliger&q=roosmarijn');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Bewaar deze zoekopdracht' }).click();
    await expect(page.getByText(/^Bewaard\. Je krijgt een e-mail/)).toBeVisible();

    // A sitter who fits signs up after it was saved.
    const sitter = await secondBrowser(browser);
    await signUpByMail(sitter, {
      firstName: 'Roosmarijn',
      lastName: 'Nieuw',
      email: uniqueEmail('roosmarijn'),
    });
    await createProfile(sitter, {
      profileType: 'vrijwilliger',
      firstName: 'Roosmarijn',
      lastName: 'Nieuw',
      postalCode: '3512',
      experience: 'ervaren',
      availability: ['Weekend overdag'],
      languages: ['Nederlands'],
      maxDistance: 5,
      hourlyRate: 'gratis',
      transportMode: 'fiets',
    });
    await sitter.context().close();

    // A day later the search's round finds her and mails Wim. His page is closed meanwhile:
    // on the server's clock a day ahead his session has ended, and its live stream would end it
    // for good.
    await page.goto('about:blank');
    await clearMailbox(email);
    const since = new Date();
    setServerClockAhead(25 * 60 * 60);
    let mail;
    try {
      mail = await waitForMail(email, { subject: /^Nieuw profiel voor '/, since, timeout: 20_000 });
      // And only once: no second mail follows.
      await page.waitForTimeout(3_000);
      const mails = (await listMail(email)).filter((m) => m.subject.startsWith('Nieuw profiel'));
      expect(mails).toHaveLength(1);
    } finally {
      setServerClockAhead(0);
    }
    expect(mail.text).toMatch(/Er is 1 nieuw profiel voor je zoekopdracht/);
    expect(mail.text).toMatch(
      /- Roosmarijn Nieuw \(oppas in Utrecht\): http\S+\/vrijwilliger\/\d+/,
    );
    expect(mail.text).toContain('/profielen?type=vrijwilliger&q=roosmarijn');
    // One click in the mail program itself (RFC 8058), besides the page the link opens.
    expect(mail.listUnsubscribe).toMatch(
      /^<http\S+\/api\/saved-searches\/unsubscribe\?token=\S+>$/,
    );
    expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    const link = /Meld je af: (\S+)/.exec(mail.text)?.[1];
    expect(link, 'the unsubscribe link in the mail').toBeDefined();
    const { pathname, search } = new URL(link ?? '');

    // Someone signed out (another browser, on a phone) follows the link and ends the search.
    const away = await secondBrowser(browser);
    await away.setViewportSize({ width: 390, height: 844 });
    await away.goto(pathname + search);
    await expect(
      away.getByRole('heading', { level: 1, name: 'Afmelden voor een zoekopdracht' }),
    ).toBeVisible();
    await away.getByRole('button', { name: 'Afmelden' }).click();
    await expect(away.getByRole('status')).toHaveText(
      'Gelukt: je krijgt geen e-mails meer voor deze zoekopdracht.',
    );
    await checkPage(away, 'unsubscribe-done');
    await away.context().close();

    await page.goto('/instellingen');
    const saved = page.getByRole('region', { name: 'Bewaarde zoekopdrachten' });
    await expect(saved.getByText(/Je hebt nog geen zoekopdrachten bewaard/)).toBeVisible();
  });

  test("a saved search's link that this installation did not sign ends nothing and says so", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/zoekopdracht-afmelden?token=1.2.abc');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Afmelden voor een zoekopdracht' }),
    ).toBeVisible();
    await checkPage(page, 'unsubscribe');
    await page.getByRole('button', { name: 'Afmelden' }).click();
    await expect(page.getByRole('alert')).toContainText('Deze afmeldlink klopt niet.');
    await checkPage(page, 'unsubscribe-refused');
  });

  test('at 390 px wide no browse page scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const pages = [
      { path: '/profielen', name: 'browse-mobile' },
      { path: '/profielen?near=2011&radiusKm=25', name: 'browse-near-mobile' },
      { path: '/profielen?near=2011&radiusKm=25&view=kaart', name: 'browse-map-mobile' },
      { path: '/voor-baasjes', name: 'for-owners-mobile' },
      { path: '/voor-oppassers', name: 'for-sitters-mobile' },
    ];
    for (const { path, name } of pages) {
      await page.goto(path);
      await expect(page.getByText(/gevonden/).first()).toBeVisible();
      // A string: the suite's pages have no DOM types.
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
      await checkPage(page, name);
    }
  });
});
