import { checkPage, expect, test } from './fixtures';
import { conversationWith } from './support/conversation';
import { grantModerator } from './support/demo';
import { baseURL } from './support/endpoints';
import { createProfile, signUpByMail, uniqueEmail, secondBrowser } from './support/session';

test.describe('moderation', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a moderator hides a reported profile and closes the report', async ({
    page: moderator,
    browser,
  }) => {
    const moderatorEmail = uniqueEmail('moderator');
    await signUpByMail(moderator, {
      firstName: 'Mila',
      lastName: 'Moderator',
      email: moderatorEmail,
    });
    grantModerator(moderatorEmail);

    const karel = await secondBrowser(browser);
    await signUpByMail(karel, {
      firstName: 'Karel',
      lastName: 'Kwaad',
      email: uniqueEmail('karel'),
    });
    const lookup = await createProfile(karel, {
      profileType: 'vrijwilliger',
      firstName: 'Karel',
      lastName: 'Kwaad',
      postalCode: '3512',
    });
    const page = `/vrijwilliger/${String(lookup.profile.id)}`;
    const reported = await moderator.request.post('/api/reports', {
      data: {
        userId: lookup.profile.user_id,
        reason: 'oplichting',
        listingId: `volunteer-${String(lookup.profile.id)}`,
        note: 'Vraagt om geld vooraf.',
      },
      headers: { Origin: baseURL },
    });
    expect(reported.status()).toBe(204);

    // Sanne wrote to Karel before he was hidden.
    const sanne = await secondBrowser(browser);
    await signUpByMail(sanne, {
      firstName: 'Sanne',
      lastName: 'Schrijft',
      email: uniqueEmail('sanne'),
    });
    await createProfile(sanne, {
      profileType: 'vrijwilliger',
      firstName: 'Sanne',
      lastName: 'Schrijft',
      postalCode: '3512',
    });
    const conversationId = await conversationWith(
      sanne,
      { targetUserId: lookup.profile.user_id },
      'Hallo Karel, past zaterdag?',
    );

    await moderator.goto('/dashboard');
    // Without a profile of her own the dashboard offers to make one; the header keeps the queue's link.
    await moderator.getByRole('banner').getByRole('link', { name: 'Meldingen (beheer)' }).click();
    await expect(moderator.getByRole('heading', { level: 1, name: 'Meldingen' })).toBeVisible();
    const card = moderator.getByRole('article', { name: 'Melding over Karel' }).first();
    await expect(card).toContainText('Oplichting of vraagt om geld: Karel');
    await expect(card).toContainText('Vraagt om geld vooraf.');
    await card.getByRole('button', { name: 'Profiel verbergen' }).click();
    await expect(card.getByRole('button', { name: 'Profiel weer tonen' })).toBeVisible();
    await checkPage(moderator, 'moderation-queue');

    // Gone for visitors; a notice for Karel.
    const visitor = await secondBrowser(browser);
    await visitor.goto(page);
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'Vrijwilliger niet gevonden' }),
    ).toBeVisible();
    await karel.goto(page);
    await expect(karel.getByText('Een moderator heeft je profiel verborgen')).toBeVisible();

    // Sanne keeps the conversation to read, with a calm notice instead of the box to write in.
    await sanne.goto(`/berichten?conversation=${String(conversationId)}`);
    await expect(sanne.getByRole('log').getByText('Hallo Karel, past zaterdag?')).toBeVisible();
    await expect(sanne.getByText('Karel is niet meer beschikbaar')).toBeVisible();
    await expect(sanne.getByRole('textbox', { name: /^Bericht aan/ })).toHaveCount(0);
    // Karel's page is open in his browser, yet a hidden person shows no presence.
    await expect(sanne.getByText('Online', { exact: true })).toHaveCount(0);
    await checkPage(sanne, 'conversation-closed');

    await card.getByLabel('Notitie bij het afhandelen').fill('Profiel verborgen na melding.');
    await card.getByRole('button', { name: 'Afhandelen' }).click();
    await expect(moderator.getByRole('article', { name: 'Melding over Karel' })).toHaveCount(0);

    // The log beside the queue: both actions, newest first, with who and why.
    await moderator
      .getByRole('navigation', { name: 'Beheer' })
      .getByRole('link', { name: 'Logboek' })
      .click();
    await expect(moderator).toHaveURL('/beheer/logboek');
    await expect(moderator.getByRole('heading', { level: 1, name: 'Logboek' })).toBeVisible();
    const lines = moderator
      .getByRole('list', { name: 'Acties van moderators, nieuwste eerst' })
      .getByRole('listitem');
    await expect(lines.nth(0)).toContainText('Melding afgehandeld');
    await expect(lines.nth(0)).toContainText('Waarom: Profiel verborgen na melding.');
    await expect(lines.nth(1)).toContainText('Profiel verborgen · over Karel');
    await checkPage(moderator, 'moderation-log');
  });

  test('someone who is no moderator cannot see the queue', async ({ page }) => {
    await signUpByMail(page, {
      firstName: 'Gewoon',
      lastName: 'Iemand',
      email: uniqueEmail('gewoon'),
    });
    await page.goto('/beheer/meldingen');
    await expect(page.getByText('Alleen moderators kunnen deze pagina zien.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Meldingen (beheer)' })).toHaveCount(0);
  });
});
