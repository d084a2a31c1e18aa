import { checkPage, expect, test } from './fixtures';
import { sendMessage, startConversation } from './support/conversation';
import { recordCreateCalls } from './support/create-calls';
import { grantModerator } from './support/demo';
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

  test("a double tap on 'Melding versturen' stores one report, without an error", async ({
    page: reporter,
    browser,
  }) => {
    // The reporter may read the moderators' queue, to count what was stored.
    const reporterEmail = uniqueEmail('melder.dubbel');
    await signUpByMail(reporter, { firstName: 'Roos', lastName: 'Melder', email: reporterEmail });
    grantModerator(reporterEmail);
    const sitter = await secondBrowser(browser);
    await signUpByMail(sitter, {
      firstName: 'Gijs',
      lastName: 'Gemeld',
      email: uniqueEmail('oppas.gemeld'),
    });
    const lookup = await createProfile(sitter, {
      profileType: 'vrijwilliger',
      firstName: 'Gijs',
      lastName: 'Gemeld',
      postalCode: '3512',
    });
    await sitter.context().close();
    const calls = recordCreateCalls(reporter, '/api/reports');

    await reporter.goto(`/vrijwilliger/${String(lookup.profile.id)}`);
    await reporter.getByRole('button', { name: 'Melden' }).click();
    const report = reporter.getByRole('dialog', { name: 'Gijs Gemeld melden' });
    await report.getByRole('radio', { name: 'Oplichting of vraagt om geld' }).check();
    await report.getByLabel('Toelichting (niet verplicht)').fill('Vraagt om een aanbetaling.');
    await report.getByRole('button', { name: 'Melding versturen' }).dblclick();

    await expect(report.getByRole('status')).toContainText('Bedankt voor je melding.');
    await expect(reporter.getByRole('alert')).toHaveCount(0);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call).toEqual({ status: 204, key: calls[0]?.key });
    expect(calls[0]?.key).toMatch(/^[0-9a-f-]{36}$/);

    // One report about Gijs in the queue.
    const queue = (await (await reporter.request.get('/api/moderation/reports')).json()) as {
      reports: { reportedUserId: number; note: string | null }[];
    };
    const aboutGijs = queue.reports.filter(
      (stored) => stored.reportedUserId === lookup.profile.user_id,
    );
    expect(aboutGijs.map((stored) => stored.note)).toEqual(['Vraagt om een aanbetaling.']);
  });
});
