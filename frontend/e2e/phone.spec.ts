import type { Page } from '@playwright/test';
import { checkPage, expect, test } from './fixtures';
import { conversationWith } from './support/conversation';
import { demo, seedDemoProfiles } from './support/demo';
import { noisyPng } from './support/images';
import { createProfile, secondBrowser, signUpByMail, uniqueEmail } from './support/session';

/** The upload cap of the server (security.md F1), as the browser must keep under it. */
const MAX_IMAGE_BYTES = 5_242_880;

const PHONE = { width: 390, height: 844 };

/** A name no other test uses (the suite shares one database): letters only, as names must be. */
function uniqueName(prefix: string): string {
  const letters = String(Date.now() % 1e7)
    .split('')
    .map((digit) => String.fromCharCode(97 + Number(digit)))
    .join('');
  return `${prefix}${letters}`;
}

/**
 * Whether the placeholder of `field` fits its box: its text measured in the placeholder's own
 * font against the width inside the padding. Pages have no DOM types here, hence the string.
 */
async function placeholderOverflow(page: Page, label: string): Promise<number> {
  await expect(page.getByRole('searchbox', { name: label })).toBeVisible();
  return page.evaluate<number>(`(() => {
    const input = [...document.querySelectorAll('input[type=search]')].find(
      (field) => field.labels[0]?.textContent === ${JSON.stringify(label)},
    );
    const style = getComputedStyle(input, '::placeholder');
    const box = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d');
    context.font = [style.fontStyle, style.fontWeight, style.fontSize, style.fontFamily].join(' ');
    const room = input.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight);
    return context.measureText(input.placeholder).width - room;
  })()`);
}

test.describe('on a phone', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: PHONE });

  test('the menu button counts a message that arrives while the page is open', async ({
    page: owner,
    browser,
  }) => {
    const petName = uniqueName('Kiki');
    await signUpByMail(owner, {
      firstName: 'Noor',
      lastName: 'Baasje',
      email: uniqueEmail('telefoon.baasje'),
    });
    const pet = await createProfile(owner, {
      profileType: 'huisdier',
      firstName: 'Noor',
      lastName: 'Baasje',
      location: 'Utrecht',
      postalCode: '3512',
      petName,
    });
    if (pet.type !== 'huisdier') throw new Error('The owner has no pet');
    const sitter = await secondBrowser(browser);
    await signUpByMail(sitter, {
      firstName: 'Mila',
      lastName: 'Oppas',
      email: uniqueEmail('telefoon.oppas'),
    });
    await createProfile(sitter, {
      profileType: 'vrijwilliger',
      firstName: 'Mila',
      lastName: 'Oppas',
      location: 'Utrecht',
      postalCode: '3512',
    });

    // The owner's page is open with nothing unread and the live stream connected.
    const unreadLoaded = owner.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/unread' && response.ok(),
    );
    const streamOpen = owner.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/events' && response.ok(),
    );
    await owner.goto('/dashboard');
    await Promise.all([unreadLoaded, streamOpen]);
    const toggle = owner.getByRole('button', { name: /^Menu openen/ });
    await expect(toggle).toHaveAccessibleName('Menu openen');
    await expect(toggle).toHaveText('');

    // The sitter writes.
    await conversationWith(
      sitter,
      { targetUserId: pet.profile.user_id, petId: pet.profile.id },
      `Hoi Noor, ik pas graag op ${petName}!`,
    );

    // The count arrives on the menu button without a reload.
    await expect(toggle).toHaveAccessibleName('Menu openen, 1 ongelezen');
    await expect(toggle).toHaveText('1');
    await checkPage(owner, 'phone-header-unread');

    await toggle.click();
    const menu = owner.locator('#mobiel-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText([
      'Home',
      'Profielen',
      /^Berichten/,
      'Mijn profiel',
      'Favorieten',
      'Instellingen',
    ]);
    await expect(menu.getByRole('link', { name: 'Berichten, 1 ongelezen' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Meldingen' })).toHaveCount(0);
    await checkPage(owner, 'phone-menu-unread');

    await menu.getByRole('link', { name: 'Instellingen' }).click();
    await expect(owner).toHaveURL(/\/instellingen$/);
    await expect(menu).toBeHidden();
    await sitter.context().close();
  });

  test('a 6 MB photo of 4000 x 3000 is shrunk in the browser and stored', async ({ page }) => {
    const name = uniqueName('Fotograaf');
    await signUpByMail(page, {
      firstName: name,
      lastName: 'Oppas',
      email: uniqueEmail('telefoon.foto'),
    });
    const volunteer = await createProfile(page, {
      profileType: 'vrijwilliger',
      firstName: name,
      lastName: 'Oppas',
      location: 'Utrecht',
      postalCode: '3512',
      bio: 'Ik wandel graag met honden en pas met liefde op katten als de baasjes weg zijn.',
    });
    const photo = noisyPng(4000, 3000, 6);
    expect(photo.length).toBeGreaterThan(6_000_000);

    await page.goto(`/vrijwilliger/${volunteer.profile.id}`);
    await page.getByRole('button', { name: 'Foto bewerken' }).click();
    const dialog = page.getByRole('dialog', { name: 'Foto bewerken' });
    await expect(dialog).toBeVisible();

    // Every stage the dialog shows, in order, as it shows it.
    await expect(dialog).toBeVisible();
    await page.evaluate(`(() => {
      const dialog = document.querySelector('dialog[open]');
      window.__stages = [];
      new MutationObserver(() => {
        const status = dialog.querySelector('[role=status]');
        const text = status ? status.textContent.trim() : '';
        if (text && window.__stages[window.__stages.length - 1] !== text) window.__stages.push(text);
      }).observe(dialog, { subtree: true, childList: true, characterData: true });
    })()`);
    const uploadRequest = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/upload',
    );

    await dialog.getByLabel('Foto kiezen').setInputFiles({
      name: 'IMG_2041.png',
      mimeType: 'image/png',
      buffer: photo,
    });

    const preview = dialog.getByRole('img', { name: `Foto van ${name}` });
    // Decoding and drawing 12 megapixels takes a while on a slow machine.
    await expect(preview).toHaveAttribute('src', /^\/uploads\//, { timeout: 60_000 });
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    const body = (await uploadRequest).postDataBuffer();
    expect(body).not.toBeNull();
    expect(body?.length).toBeLessThan(MAX_IMAGE_BYTES);
    expect(body?.toString('latin1')).toContain('Content-Type: image/jpeg');

    const stages = await page.evaluate<string[]>('window.__stages');
    expect(stages[0]).toBe('Verkleinen...');
    expect(stages.some((stage) => /^Uploaden\.\.\. \d+%$/.test(stage))).toBe(true);
    expect(stages.at(-1)).toBe('Verwerken...');
    expect(stages.indexOf('Verwerken...')).toBeGreaterThan(stages.indexOf('Verkleinen...'));

    const uploaded = await preview.getAttribute('src');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(dialog).toBeHidden();
    const own = await page.request.get(`/api/profiles/${volunteer.profile.user_id}`);
    const saved = (await own.json()) as { profile: { avatar_url: string | null } };
    expect(saved.profile.avatar_url).toBe(uploaded);

    // The stored image, as the browser loads it.
    const size = await page.evaluate<{ width: number; height: number }>(
      `new Promise((resolve, reject) => {
        const image = new Image();
        image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
        image.onerror = () => reject(new Error('The stored image did not load'));
        image.src = ${JSON.stringify(saved.profile.avatar_url)};
      })`,
    );
    expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(2048);
    expect(size.width).toBeGreaterThan(size.height);
    expect(size.width / size.height).toBeCloseTo(4 / 3, 1);
    await checkPage(page, 'phone-photo-uploaded');
  });

  test('the search fields fit, and the audience pages search /profielen near a postcode', async ({
    page,
  }) => {
    await seedDemoProfiles();
    for (const [path, label] of [
      ['/profielen', 'Zoeken'],
      ['/voor-baasjes', 'Zoek een vrijwilliger'],
      ['/voor-oppassers', 'Zoek een huisdier'],
    ] as const) {
      await page.goto(path);
      expect(await placeholderOverflow(page, label), `placeholder on ${path}`).toBeLessThanOrEqual(
        0,
      );
    }

    await page.goto('/voor-baasjes');
    const search = page.getByRole('search', { name: 'Profielen zoeken' });
    await search.getByLabel('Bij postcode').fill(demo.volunteers.lotte.postcode);
    await search.getByLabel('Straal').selectOption('25');
    await checkPage(page, 'phone-for-owners-search');
    await search.getByRole('button', { name: 'Zoeken' }).click();

    await expect(page).toHaveURL(/\/profielen\?type=vrijwilliger&near=2011&radiusKm=25$/);
    await expect(
      page.getByText(/^\d+ profiel(en)? gevonden in Vrijwilligers binnen 25 km van 2011$/),
    ).toBeVisible();
    const lotte = page.getByRole('article', { name: new RegExp(demo.volunteers.lotte.name) });
    await expect(lotte).toBeVisible();
    await expect(lotte.getByText('< 1 km')).toBeVisible();
    await expect(page.getByRole('article', { name: new RegExp(demo.pets.bobby.name) })).toHaveCount(
      0,
    );
  });

  test('another page of results opens at its first result, not at the search form', async ({
    page,
  }) => {
    await seedDemoProfiles();
    // The real list, told that there are two pages of it, so that paging shows with the demo.
    await page.route(
      (url) => url.pathname === '/api/profiles',
      async (route) => {
        const asked = new URL(route.request().url());
        const pageAsked = Number(asked.searchParams.get('page') ?? '1');
        asked.searchParams.delete('page');
        const response = await route.fetch({ url: asked.toString() });
        const list = (await response.json()) as { total: number; page: number; perPage: number };
        await route.fulfill({
          response,
          json: { ...list, total: list.perPage * 2, page: pageAsked },
        });
      },
    );
    await page.goto('/profielen');
    const form = page.getByRole('search', { name: 'Profielen zoeken' });
    await expect(form).toBeInViewport();
    const next = page.getByRole('navigation', { name: 'Paginering' }).getByRole('link', {
      name: 'Volgende',
    });
    await next.scrollIntoViewIfNeeded();
    await next.click();

    await expect(page).toHaveURL(/\/profielen\?page=2$/);
    await expect(page.getByText('Pagina 2 van 2')).toBeAttached();
    await expect(page.getByRole('article').first()).toBeInViewport();
    // What is left of the form in the viewport is under the sticky header, out of sight.
    const hidden = await page.evaluate<number>(
      `document.querySelector('header').getBoundingClientRect().bottom -
        document.querySelector('form[aria-label="Profielen zoeken"]').getBoundingClientRect().bottom`,
    );
    expect(hidden).toBeGreaterThanOrEqual(0);
    await expect(page.getByRole('region', { name: 'Zoekresultaten' })).toBeFocused();
  });
});

test.describe('on a wide screen', () => {
  test('the phone menu stays hidden and the header shows the desktop navigation', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: /^Menu openen/ })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Hondenoppas' }),
    ).toHaveAttribute('href', '/profielen?type=vrijwilliger&q=hond');
    await checkPage(page, 'wide-landing');
  });
});
