import { checkPage, expect, test } from './fixtures';
import { sendMessage, startConversation } from './support/conversation';
import { signUpByMail, uniqueEmail, createProfile, secondBrowser } from './support/session';

test.describe('reporting and blocking', () => {
  test.describe.configure({ timeout: 90_000 });

  test('an owner reports and blocks a sitter from their conversation; the next message is refused', async ({
    page: owner,
    browser,
  }) => {
    await signUpByMail(owner, {
      firstName: 'Bea',
      lastName: 'Baasje',
      email: uniqueEmail('eigenaar.blok'),
    });
    const lookup = await createProfile(owner, {
      profileType: 'huisdier',
      firstName: 'Bea',
      lastName: 'Baasje',
      location: 'Utrecht',
      postalCode: '3512',
      petName: 'Snuf',
    });
    const sitter = await secondBrowser(browser);
    await signUpByMail(sitter, {
      firstName: 'Karel',
      lastName: 'Kwaad',
      email: uniqueEmail('oppas.blok'),
    });
    await createProfile(sitter, {
      profileType: 'vrijwilliger',
      firstName: 'Karel',
      lastName: 'Kwaad',
      location: 'Utrecht',
      postalCode: '3512',
    });
    const conversationId = await startConversation(sitter, {
      targetUserId: lookup.profile.user_id,
      petId: lookup.profile.id,
    });
    const send = (content: string) => sendMessage(sitter, conversationId, content);
    expect((await send('Maak eerst 50 euro over via tikkie.me/pay/abc')).status()).toBe(201);

    await owner.goto(`/berichten?conversation=${conversationId}`);
    const log = owner.getByRole('log', { name: 'Berichten met Karel' });
    await expect(log.getByText('Maak eerst 50 euro over')).toBeVisible();
    await expect(
      log.getByText(
        'Tip: houd het contact op Oppasmaatje tot je elkaar hebt ontmoet. Betaal nooit vooruit.',
      ),
    ).toBeVisible();

    // Report.
    await owner.getByRole('button', { name: 'Melden' }).click();
    const report = owner.getByRole('dialog', { name: 'Karel melden' });
    await report.getByRole('radio', { name: 'Oplichting of vraagt om geld' }).check();
    await report.getByLabel('Toelichting (niet verplicht)').fill('Vraagt geld vooraf.');
    await checkPage(owner, 'trust-report-dialog');
    await report.getByRole('button', { name: 'Melding versturen' }).click();
    await expect(report.getByRole('status')).toContainText('Bedankt voor je melding.');
    await report.getByRole('button', { name: 'Klaar' }).click();

    // Block.
    await owner.getByRole('button', { name: 'Blokkeren' }).click();
    const confirm = owner.getByRole('dialog', { name: 'Karel blokkeren?' });
    await confirm.getByRole('button', { name: 'Blokkeren' }).click();
    await expect(confirm).toBeHidden();

    // The next message is refused as for a profile that is no longer there (never saying that
    // he was blocked), and the owner's list no longer holds the conversation.
    const refused = await send('Hallo??');
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe(
      'Deze persoon is niet meer beschikbaar. Je bericht is niet verstuurd.',
    );
    await owner.goto('/berichten');
    await expect(owner.getByRole('link', { name: /Karel/ })).toHaveCount(0);
    await checkPage(owner, 'trust-after-block');
  });
});
