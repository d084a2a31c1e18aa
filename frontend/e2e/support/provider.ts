import { expect, type Page } from '@playwright/test';
import { oidc } from './endpoints';

/** The test account of the OpenID provider (e2e/servers/oidc.mjs). */
export const googleUser = {
  login: 'e2e-google-user',
  email: 'google.gebruiker@example.com',
  givenName: 'Gerrit',
  name: 'Gerrit Google',
} as const;

/**
 * Signs in on the provider's own pages, where the browser must already be: its login form (any
 * password), then its consent form. Each test's browser context is new, so the provider knows
 * neither the person nor an earlier consent. Leaves the browser on its way back to the app.
 */
export async function signInAtProvider(
  page: Page,
  login: string = googleUser.login,
): Promise<void> {
  await expect(page).toHaveURL((url) => url.origin === oidc.issuer);
  await expect(page.getByRole('heading', { name: 'Sign-in' })).toBeVisible();
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('willekeurig');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expect(page.getByRole('heading', { name: 'Authorize' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
}
