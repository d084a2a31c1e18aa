import { checkPage, expect, test } from './fixtures';
import { conversationWith } from './support/conversation';
import { grantModerator } from './support/demo';
import { baseURL } from './support/endpoints';
import { codeFromMail, waitForMail } from './support/mailbox';
import { createProfile, secondBrowser, signUpByMail, uniqueEmail } from './support/session';

const WARNING =
  'Let op: we hebben het account van Karel geschorst. Stuur geen geld en deel geen gegevens. Heb je al iets gestuurd of afgesproken? Laat het ons weten.';

for (const [size, viewport] of [
  ['1280', { width: 1280, height: 800 }],
  ['390', { width: 390, height: 844 }],
] as const) {
  test.describe(`a suspension at ${size} px`, () => {
    test.describe.configure({ timeout: 120_000 });
    test.use({ viewport });

    test('a moderator suspends a scammer: the person he wrote to is warned in the conversation and by mail, and he cannot sign in', async ({
      page: moderator,
      browser,
    }) => {
      const moderatorEmail = uniqueEmail(`schorsing.moderator.${size}`);
      await signUpByMail(moderator, {
        firstName: 'Mila',
        lastName: 'Moderator',
        email: moderatorEmail,
      });
      grantModerator(moderatorEmail);

      const karel = await secondBrowser(browser);
      await karel.setViewportSize(viewport);
      const karelEmail = uniqueEmail(`schorsing.karel.${size}`);
      await signUpByMail(karel, {
        firstName: 'Karel',
        lastName: `Kwaad${size}`,
        email: karelEmail,
      });
      const lookup = await createProfile(karel, {
        profileType: 'vrijwilliger',
        firstName: 'Karel',
        lastName: `Kwaad${size}`,
        postalCode: '3512',
      });

      const sanne = await secondBrowser(browser);
      await sanne.setViewportSize(viewport);
      const sanneEmail = uniqueEmail(`schorsing.sanne.${size}`);
      await signUpByMail(sanne, { firstName: 'Sanne', lastName: 'Schrijft', email: sanneEmail });
      const sanneLookup = await createProfile(sanne, {
        profileType: 'vrijwilliger',
        firstName: 'Sanne',
        lastName: 'Schrijft',
        postalCode: '3512',
      });
      const conversationId = await conversationWith(
        karel,
        { targetUserId: sanneLookup.profile.user_id },
        'Hoi Sanne, maak eerst 50 euro over voor de sleutel.',
      );
      const reported = await sanne.request.post('/api/reports', {
        data: {
          userId: lookup.profile.user_id,
          reason: 'oplichting',
          conversationId,
          note: 'Vraagt om geld vooraf.',
        },
        headers: { Origin: baseURL },
      });
      expect(reported.status()).toBe(204);

      // The moderator suspends him from the queue, with a reason.
      const since = new Date();
      await moderator.goto('/beheer/meldingen');
      const card = moderator.getByRole('article', { name: 'Melding over Karel' }).first();
      await card.getByRole('button', { name: 'Account schorsen' }).click();
      const form = card.getByRole('form', { name: 'Account van Karel schorsen' });
      await form.getByLabel('Reden van de schorsing').fill('Vraagt om geld vooraf.');
      await checkPage(moderator, `suspension-form-${size}`);
      await form.getByRole('button', { name: 'Account schorsen' }).click();
      await expect(card.getByRole('button', { name: 'Schorsing opheffen' })).toBeVisible();
      await expect(card.getByRole('heading')).toContainText('(geschorst)');

      // Sanne is warned by mail, and in the conversation instead of the box to write in.
      const mail = await waitForMail(sanneEmail, {
        subject: 'Let op: het account van Karel is geschorst',
        since,
      });
      expect(mail.text).toContain(WARNING);
      await sanne.goto(`/berichten?conversation=${String(conversationId)}`);
      await expect(sanne.getByRole('log').getByText('maak eerst 50 euro over')).toBeVisible();
      const banner = sanne.getByRole('status').filter({ hasText: 'Let op:' });
      await expect(banner).toContainText(WARNING);
      await expect(banner.getByRole('link', { name: 'info@oppasmaatje.nl' })).toHaveAttribute(
        'href',
        'mailto:info@oppasmaatje.nl',
      );
      await expect(sanne.getByRole('textbox', { name: /^Bericht aan/ })).toHaveCount(0);
      await checkPage(sanne, `suspension-warning-${size}`);

      // Karel's session ended; signing in again is refused with the reason.
      const me = await karel.request.get('/api/users/me');
      expect(await me.json()).toBeNull();
      await karel.goto('/inloggen');
      await karel.getByRole('tab', { name: 'E-mail' }).click();
      await karel.getByRole('textbox', { name: 'E-mailadres', exact: true }).fill(karelEmail);
      const asked = new Date();
      await karel.getByRole('button', { name: 'Stuur inlogcode' }).click();
      const codeMail = await waitForMail(karelEmail, {
        subject: 'is je inlogcode voor Oppasmaatje',
        since: asked,
      });
      await karel.getByRole('textbox', { name: 'Cijfer 1 van 6' }).click();
      await karel.keyboard.type(codeFromMail(codeMail));
      await expect(
        karel.getByText('Je account is geschorst. Neem contact op met info@oppasmaatje.nl.'),
      ).toBeVisible();
      await expect(karel).toHaveURL(/\/inloggen/);
      await checkPage(karel, `suspension-sign-in-refused-${size}`);

      // Karel asks by mail for his data: the moderator downloads it for him from the queue.
      await moderator.goto('/beheer/meldingen');
      const suspendedCard = moderator.getByRole('article', { name: 'Melding over Karel' }).first();
      const [download] = await Promise.all([
        moderator.waitForEvent('download'),
        suspendedCard.getByRole('link', { name: 'Gegevens downloaden' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('oppasmaatje-mijn-gegevens.zip');
      expect(await download.failure()).toBeNull();

      // The log says who suspended whom and why, and that his data was downloaded.
      await moderator.goto('/beheer/logboek');
      const lines = moderator
        .getByRole('list', { name: 'Acties van moderators, nieuwste eerst' })
        .getByRole('listitem');
      await expect(lines.first()).toContainText(
        'Gegevens van geschorst account gedownload · over Karel',
      );
      const line = lines.filter({ hasText: 'Account geschorst · over Karel' }).first();
      await expect(line).toContainText('Waarom: Vraagt om geld vooraf.');
    });
  });
}
