import { checkPage, expect, test } from './fixtures';
import { demo, seedDemoProfiles } from './support/demo';
import { baseURL } from './support/endpoints';
import { VOLUNTEER_BIO, signUpByMail, uniqueEmail } from './support/session';

test.describe('favourites', () => {
  test.describe.configure({ timeout: 60_000 });

  test('a sitter keeps a pet from /profielen and finds it under Favorieten with the tile’s count', async ({
    page,
  }) => {
    await seedDemoProfiles();
    const email = uniqueEmail('fan');
    await signUpByMail(page, { firstName: 'Femke', lastName: 'de Fan', email });
    const created = await page.request.post('/api/profiles', {
      data: {
        profileType: 'vrijwilliger',
        firstName: 'Femke',
        lastName: 'de Fan',
        location: 'Utrecht',
        postalCode: '3512',
        bio: VOLUNTEER_BIO,
      },
      headers: { Origin: baseURL },
    });
    expect(created.status(), await created.text()).toBe(201);

    const luna = demo.pets.luna.name;
    await page.goto(`/profielen?q=${luna}`);
    const heart = page.getByRole('button', { name: `Favoriet: ${luna}` });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await checkPage(page, 'favourites-card-kept');

    await page.goto('/dashboard');
    const tile = page.getByRole('listitem').filter({ hasText: 'Favorieten' });
    await expect(tile).toContainText('1');
    await page.getByRole('link', { name: 'Favorieten' }).click();
    await expect(page).toHaveURL(/\/favorieten$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Favorieten' })).toBeVisible();
    await expect(page.getByRole('heading', { name: luna })).toBeVisible();
    await checkPage(page, 'favourites-page');

    // Dropped on its page, it is gone from the list.
    await page.getByRole('link', { name: `Bekijk profiel van ${luna}` }).click();
    const pageHeart = page.getByRole('button', { name: 'Favoriet', exact: true });
    await expect(pageHeart).toHaveAttribute('aria-pressed', 'true');
    await pageHeart.click();
    await expect(pageHeart).toHaveAttribute('aria-pressed', 'false');
    await page.goto('/favorieten');
    await expect(page.getByRole('heading', { name: 'Nog geen favorieten' })).toBeVisible();
  });

  test('a visitor’s heart leads to signing in', async ({ page }) => {
    await seedDemoProfiles();
    await page.goto(`/profielen?q=${demo.volunteers.fleur.name}`);
    await page
      .getByRole('link', {
        name: new RegExp(`^Log in om ${demo.volunteers.fleur.name}.* als favoriet te bewaren$`),
      })
      .first()
      .click();
    await expect(page).toHaveURL(/\/inloggen\?next=%2Fprofielen/);
  });
});
