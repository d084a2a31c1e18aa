import type { Page } from '@playwright/test';
import { checkPage, expect, test } from './fixtures';
import { setServerClockAhead } from './support/clock';
import { sendMessage, startConversation } from './support/conversation';
import { baseURL } from './support/endpoints';
import { createProfile, secondBrowser, signUpByMail, uniqueEmail } from './support/session';
import type { components } from '../src/lib/api/openapi';

type SessionUser = components['schemas']['SessionUser'];

/** `hours` pass on the server's clock, in steps under a day, both people using the platform between them. */
async function hoursPass(hours: number, people: Page[]): Promise<void> {
  for (let ahead = 20; ahead < hours + 20; ahead += 20) {
    setServerClockAhead(Math.min(ahead, hours) * 60 * 60);
    for (const page of people) {
      expect((await page.request.get('/api/users/me')).status()).toBe(200);
    }
  }
}

test.describe('zorgkaart', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the owner fills in the care card on a phone, the sitter reads it during the sitting and not a week after', async ({
    page: owner,
    browser,
  }) => {
    await owner.setViewportSize({ width: 390, height: 844 });
    await signUpByMail(owner, {
      firstName: 'Mila',
      lastName: 'Baas',
      email: uniqueEmail('eigenaar.zorgkaart'),
    });
    const lookup = await createProfile(owner, {
      profileType: 'huisdier',
      firstName: 'Mila',
      lastName: 'Baas',
      location: 'Utrecht',
      postalCode: '3512',
      petName: 'Minoes',
      petSpecies: 'kat',
      bio: 'Minoes ligt graag in de zon.',
    });
    const minoes = lookup.profile.id;

    // On her own pet page, the owner opens the zorgkaart and fills it in.
    await owner.goto(`/huisdier/${String(minoes)}`);
    await owner.getByRole('link', { name: 'Zorgkaart bekijken en invullen' }).click();
    await expect(
      owner.getByRole('heading', { level: 1, name: 'Zorgkaart van Minoes' }),
    ).toBeVisible();
    await expect(
      owner.getByText(/enige plek waar Oppasmaatje contactgegevens doorgeeft/),
    ).toBeVisible();
    await owner.getByLabel('Eten').fill('Een half zakje natvoer om 8 en om 18 uur.');
    await owner.getByLabel('Medicijnen').fill('Halve pil Metacam bij het ontbijt.');
    await owner.getByLabel('Noodcontact').fill('Mijn buurvrouw Els, 06-12345678');
    await owner.getByRole('button', { name: 'Zorgkaart opslaan' }).click();
    await expect(owner.getByText('De zorgkaart is opgeslagen.')).toBeVisible();
    await checkPage(owner, 'zorgkaart-owner-390');

    const sitter = await secondBrowser(browser);
    await sitter.setViewportSize({ width: 1280, height: 800 });
    await signUpByMail(sitter, {
      firstName: 'Ruben',
      lastName: 'Oppas',
      email: uniqueEmail('oppas.zorgkaart'),
    });
    await createProfile(sitter, {
      profileType: 'vrijwilliger',
      firstName: 'Ruben',
      lastName: 'Oppas',
      postalCode: '3512',
      experience: 'ervaren',
      availability: ['Weekend overdag'],
      languages: ['Nederlands'],
      maxDistance: 5,
      hourlyRate: 'gratis',
      transportMode: 'fiets',
    });
    const mila = (await (await owner.request.get('/api/users/me')).json()) as SessionUser;
    const conversationId = await startConversation(sitter, { targetUserId: mila.id });
    expect(
      (await sendMessage(sitter, conversationId, 'Hoi Mila, ik pas graag op Minoes.')).status(),
    ).toBe(201);

    // Before an afspraak is accepted, the card is not the sitter's to read.
    const before = await sitter.request.get(`/api/pets/${String(minoes)}/care`);
    expect(before.status()).toBe(404);

    const soon = Date.now() + 10 * 60_000;
    const proposed = await owner.request.post(
      `/api/conversations/${String(conversationId)}/appointments`,
      {
        data: {
          kind: 'huisbezoek',
          pets: [minoes],
          startsAt: new Date(soon).toISOString(),
          endsAt: new Date(soon + 60 * 60_000).toISOString(),
        },
        headers: { Origin: baseURL },
      },
    );
    expect(proposed.status()).toBe(201);
    const { id } = (await proposed.json()) as { id: number };
    const accepted = await sitter.request.post(`/api/appointments/${String(id)}/step`, {
      data: { step: 'accepteren' },
      headers: { Origin: baseURL },
    });
    expect(accepted.status()).toBe(200);

    // The sitter finds it on the dashboard and in the conversation, and reads it.
    await sitter.goto(`/berichten?conversation=${String(conversationId)}`);
    await expect(sitter.getByRole('link', { name: 'Zorgkaart van Minoes' })).toBeVisible();
    await sitter.goto('/dashboard');
    await sitter.getByRole('link', { name: 'Zorgkaart van Minoes' }).click();
    await expect(
      sitter.getByRole('heading', { level: 1, name: 'Zorgkaart van Minoes' }),
    ).toBeVisible();
    await expect(sitter.getByText('Halve pil Metacam bij het ontbijt.')).toBeVisible();
    await expect(sitter.getByText('Mijn buurvrouw Els, 06-12345678')).toBeVisible();
    await expect(sitter.getByRole('textbox', { name: 'Medicijnen' })).toHaveCount(0);
    await checkPage(sitter, 'zorgkaart-sitter-1280');

    // The owner sees that he opened it.
    await owner.reload();
    await expect(owner.getByText(/Ruben heeft de zorgkaart bekeken/)).toBeVisible();

    try {
      // A week and a day after the end, the card is closed to him.
      await hoursPass(8 * 24 + 2, [owner, sitter]);
      await sitter.reload();
      await expect(
        sitter.getByRole('heading', { level: 1, name: 'Deze zorgkaart kun je niet (meer) zien' }),
      ).toBeVisible();
      await sitter.goto('/dashboard');
      await expect(sitter.getByRole('heading', { name: 'Eerdere afspraken' })).toBeVisible();
      await expect(sitter.getByRole('link', { name: 'Zorgkaart van Minoes' })).toHaveCount(0);
    } finally {
      setServerClockAhead(0);
    }
    await sitter.context().close();
  });
});
