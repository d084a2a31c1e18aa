import { expect, expectNoSeriousA11yViolations, saveScreenshot, test } from './fixtures';
import { seedDemoProfiles } from './support/demo';

test.describe('landing page', () => {
  test('a visitor sees the landing page with its sign-up buttons, sections and footer', async ({
    page,
  }) => {
    await page.goto('/');

    const strip = page.getByRole('complementary', { name: 'Oppasmaatje in het kort' });
    await expect(strip.getByText('Gratis aanmelden en direct matches vinden')).toBeVisible();
    await expect(strip.getByRole('link', { name: 'info@oppasmaatje.nl' })).toBeVisible();
    await expect(strip.getByText('Volledig gratis platform')).toBeVisible();

    // Signed out: the widget offers sign-in, the navigation the visitor's pages.
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await expect(page.getByRole('link', { name: 'Inloggen', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Voor Baasjes' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Voor Oppassers' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Berichten' })).toHaveCount(0);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Een lieve oppas voor je huisdier, gewoon in je buurt',
    );
    for (const name of [
      'Gratis Aanmelden',
      'Direct Beginnen',
      'Inloggen om te beginnen',
      'Gratis Aanmelden met Google',
    ]) {
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    }
    for (const heading of [
      'Zorgeloos weg, met een gerust hart',
      'Baasjes en oppassers vinden elkaar',
      'In drie stappen een oppasmaatje',
      'Zie hoe Oppasmaatje werkt',
      'Wat baasjes en oppassers zeggen',
      'Klaar om je maatje te vinden?',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }

    const footer = page.getByRole('contentinfo');
    for (const service of ['Hondenoppas', 'Kattenverzorging', 'Uitlaatservice', 'Dagopvang']) {
      await expect(footer.getByText(service, { exact: true })).toBeVisible();
    }
    await expect(footer.getByRole('textbox', { name: 'Je e-mailadres' })).toHaveAttribute(
      'readonly',
      '',
    );
    await expect(footer.getByText('Postcodegegevens: GeoNames (CC BY 4.0)')).toBeVisible();

    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'landing-desktop');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Menu openen' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'landing-mobile');
  });

  test('Google sign-in that is not available leads to the sign-up address', async ({ page }) => {
    // The suite's backend has a provider; this is its answer when it has none.
    await page.route('**/api/oauth/google/redirect_url', (route) =>
      route.fulfill({
        status: 503,
        json: {
          error: 'Inloggen met Google is op dit moment niet beschikbaar.',
          code: 'service_unavailable',
        },
      }),
    );
    await page.goto('/');

    await page.getByRole('button', { name: 'Gratis Aanmelden', exact: true }).click();

    // The backend answers 503 without a configured provider; the app goes to /registreren.
    await expect(page).toHaveURL(/\/registreren$/);
  });

  test('an unknown address shows the Dutch 404 page', async ({ page }) => {
    await page.goto('/does-not-exist');

    await expect(
      page.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Pagina niet gevonden – Oppasmaatje');
    await page.getByRole('link', { name: 'Terug naar de homepage' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/does-not-exist');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'not-found');
  });

  test('the terms and the privacy statement are readable pages', async ({ page }) => {
    await page.goto('/voorwaarden');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Algemene voorwaarden' }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { name: '6. Oppassers zijn vrijwilligers' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'voorwaarden');

    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacyverklaring' })).toBeVisible();
    // It names who runs this installation (site.organisation) and the rights people exercise
    // themselves under Instellingen.
    await expect(
      page.getByText(/Oppasmaatje wordt beheerd door de vrijwilligers achter Oppasmaatje\./),
    ).toBeVisible();
    await expect(page.getByText(/Download mijn gegevens/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'privacy');
  });

  test('a signed-out visitor reads the public pages without a single console error', async ({
    page,
  }) => {
    await seedDemoProfiles();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    for (const path of ['/', '/profielen', '/voor-baasjes', '/voor-oppassers', '/privacy']) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
    }
    await page.goto('/profielen');
    await page.getByRole('link', { name: /Luna/ }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Luna' })).toBeVisible();
    await expect(page).toHaveTitle('Luna in Amsterdam – Oppasmaatje');
    expect(errors).toEqual([]);
  });

  test('a visitor types a postcode in the hero and sees the nearest sitters with their distances', async ({
    page,
  }) => {
    await seedDemoProfiles();
    await page.goto('/');
    const search = page.getByRole('search', { name: 'Zoek in de buurt' });
    await expect(search.getByRole('radio', { name: 'Ik zoek een oppas' })).toBeChecked();
    await search.getByLabel('Postcode of plaats').fill('2011');
    await search.getByRole('button', { name: 'Zoeken' }).click();

    await expect(page).toHaveURL('/profielen?type=vrijwilliger&near=2011');
    await expect(page.getByText(/gevonden in Vrijwilligers binnen 10 km van 2011$/)).toBeVisible();
    const lotte = page.getByRole('article').filter({ hasText: 'Lotte' }).first();
    await expect(lotte.getByText('< 1 km', { exact: true })).toBeVisible();
    // Only sitters: no pet is listed.
    await expect(page.getByRole('article').filter({ hasText: 'Huisdier' })).toHaveCount(0);

    await page.goto('/');
    const hero = page.getByRole('search', { name: 'Zoek in de buurt' });
    await expect(hero.getByRole('radio', { name: 'Ik zoek een oppas' })).toBeChecked();
    // The choice is made again until it holds: a render that lands just after the click (the
    // session check) must not leave the search on the first choice.
    const offering = hero.getByRole('radio', { name: 'Ik wil oppassen' });
    await expect(async () => {
      await offering.check({ force: true });
      await expect(offering).toBeChecked({ timeout: 1_000 });
    }).toPass();
    await hero.getByLabel('Postcode of plaats').fill('Amsterdam');
    await hero.getByRole('button', { name: 'Zoeken' }).click();
    await expect(page).toHaveURL('/profielen?type=huisdier&near=Amsterdam');
    await expect(page.getByRole('article').filter({ hasText: 'Luna' }).first()).toBeVisible();
  });
});
