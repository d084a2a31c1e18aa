import { deflateSync } from 'node:zlib';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, saveScreenshot, test } from './fixtures';
import { baseURL } from './support/endpoints';
import { signUpByMail } from './support/session';
import type { components } from '../src/lib/api/openapi';

type ProfileLookup = components['schemas']['ProfileLookup'];

/** A unique address per run: the suite shares one database. */
function uniqueEmail(who: string): string {
  return `${who}.profiel.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small, valid PNG: a square of one colour. */
function squarePng(rgb: [number, number, number], size = 48): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from(rgb))]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The fixture's rule for a context the test makes itself: only this machine is reachable. */
async function loopbackOnly(context: BrowserContext): Promise<void> {
  await context.route('**/*', async (route) => {
    const { protocol, hostname } = new URL(route.request().url());
    const local = (protocol === 'http:' || protocol === 'https:') && LOOPBACK.has(hostname);
    await (local ? route.continue() : route.abort('blockedbyclient'));
  });
}

async function uploadPhoto(page: Page, rgb: [number, number, number]): Promise<string> {
  const response = await page.request.post('/api/upload', {
    multipart: { file: { name: 'foto.png', mimeType: 'image/png', buffer: squarePng(rgb) } },
    headers: { Origin: baseURL },
  });
  expect(response.status(), 'upload').toBe(201);
  return ((await response.json()) as { url: string }).url;
}

async function createProfile(page: Page, draft: Record<string, unknown>): Promise<ProfileLookup> {
  const response = await page.request.post('/api/profiles', {
    data: draft,
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ProfileLookup;
}

async function checkPage(page: Page, name: string): Promise<void> {
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, name);
}

test.describe('profile pages', () => {
  test('an owner sees their pet and owner pages with a map and edits their name', async ({
    page,
    browser,
  }) => {
    await signUpByMail(page, {
      firstName: 'Eva',
      lastName: 'Eigenaar',
      email: uniqueEmail('eigenaar'),
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
      email: uniqueEmail('bezoeker'),
    });
    await other.goto(`/eigenaar/${ownerId}`);
    await expect(other.getByRole('heading', { level: 1, name: 'Eva van Dijk' })).toBeVisible();
    await expect(other.getByRole('link', { name: 'Bericht sturen' })).toHaveAttribute(
      'href',
      '/berichten',
    );
    await expect(other.getByRole('button', { name: /bewerken$/ })).toHaveCount(0);
    await other.goto(`/huisdier/pet-${petId}`);
    await expect(other.getByRole('heading', { level: 1, name: 'Bobbie' })).toBeVisible();
    await expect(other.getByRole('link', { name: 'Bericht sturen' })).toBeVisible();
    await expect(other.getByRole('button', { name: /bewerken$/ })).toHaveCount(0);
    await checkPage(other, 'profiles-pet-visitor');
    await context.close();
  });

  test('a new sitter shows as Nieuw and the detail redirect leads there', async ({ page }) => {
    await signUpByMail(page, {
      firstName: 'Sem',
      lastName: 'Oppas',
      email: uniqueEmail('oppas'),
    });
    const lookup = await createProfile(page, {
      profileType: 'vrijwilliger',
      firstName: 'Sem',
      lastName: 'Oppas',
      bio: 'Ik wandel graag met honden in het Wilhelminapark.',
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
});
