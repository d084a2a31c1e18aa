import type { Page } from '@playwright/test';
import { checkPage, expect, saveScreenshot, test } from './fixtures';
import { setServerClockAhead } from './support/clock';
import { sendMessage, startConversation } from './support/conversation';
import { baseURL } from './support/endpoints';
import { clearMailbox, waitForMail } from './support/mailbox';
import { createProfile, secondBrowser, signUpByMail, uniqueEmail } from './support/session';
import type { components } from '../src/lib/api/openapi';

type SessionUser = components['schemas']['SessionUser'];

/** The date `days` from today as a date field takes it ('2026-12-05'), in the browser's zone. */
function dayFromNow(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(day.getFullYear())}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

const afspraken = (page: Page) => page.getByRole('region', { name: 'Afspraken', exact: true });

test.describe('afspraken', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an owner proposes an afspraak on a phone, the sitter accepts it live, both find it on the dashboard and the calendar item arrives by mail', async ({
    page: owner,
    browser,
  }) => {
    const ownerEmail = uniqueEmail('eigenaar.afspraak');
    await owner.setViewportSize({ width: 390, height: 844 });
    await signUpByMail(owner, { firstName: 'Eva', lastName: 'Eigenaar', email: ownerEmail });
    await createProfile(owner, {
      profileType: 'huisdier',
      firstName: 'Eva',
      lastName: 'Eigenaar',
      location: 'Utrecht',
      postalCode: '3512',
      petName: 'Pip',
      petBreed: 'Beagle',
      bio: 'Pip snuffelt graag overal aan.',
    });
    const sitter = await secondBrowser(browser);
    await sitter.setViewportSize({ width: 1280, height: 800 });
    await signUpByMail(sitter, {
      firstName: 'Sem',
      lastName: 'Oppas',
      email: uniqueEmail('oppas.afspraak'),
    });
    await createProfile(sitter, {
      profileType: 'vrijwilliger',
      firstName: 'Sem',
      lastName: 'Oppas',
      postalCode: '3512',
      experience: 'ervaren',
      availability: ['Weekend overdag'],
      languages: ['Nederlands'],
      maxDistance: 5,
      hourlyRate: 'gratis',
      transportMode: 'fiets',
    });
    // Sem helps on Sunday evenings only.
    const week = await sitter.request.put('/api/volunteers/me/schedule', {
      data: { week: [{ day: 'zondag', part: 'avond' }], away: [], paused: false },
      headers: { Origin: baseURL },
    });
    expect(week.status()).toBe(200);
    const eva = (await (await owner.request.get('/api/users/me')).json()) as SessionUser;
    const conversationId = await startConversation(sitter, { targetUserId: eva.id });
    expect(
      (await sendMessage(sitter, conversationId, 'Hoi Eva, zal ik Pip uitlaten?')).status(),
    ).toBe(201);

    // Both have the conversation open.
    await sitter.goto(`/berichten?conversation=${String(conversationId)}`);
    await expect(afspraken(sitter).getByRole('heading', { name: 'Afspraken' })).toBeVisible();
    await owner.goto(`/berichten?conversation=${String(conversationId)}`);
    await owner.getByRole('button', { name: 'Afspraak voorstellen' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Afspraak voorstellen aan Sem' });
    await dialog.getByRole('combobox', { name: 'Soort hulp' }).selectOption({ label: 'Uitlaten' });
    await dialog.getByLabel('Datum', { exact: true }).fill(dayFromNow(3));
    await dialog.getByLabel('Van', { exact: true }).fill('09:00');
    await dialog.getByLabel('Tot', { exact: true }).fill('10:00');
    await dialog
      .getByRole('textbox', { name: 'Opmerking (niet verplicht)' })
      .fill('Riem hangt bij de deur.');
    await checkPage(owner, 'afspraken-propose-390');
    await dialog.getByRole('button', { name: 'Voorstel versturen' }).click();
    await expect(dialog).toBeHidden();
    const ownBar = afspraken(owner);
    await expect(ownBar.getByText('Voorgesteld, wacht op Sem')).toBeVisible();

    // The sitter sees it arrive without reloading, and accepts.
    const sitterBar = afspraken(sitter);
    await expect(sitterBar.getByText('Voorgesteld, door Eva')).toBeVisible();
    await expect(sitterBar.getByText('Riem hangt bij de deur.')).toBeVisible();
    await expect(
      sitterBar.getByText('Dit valt buiten de tijden waarop je meestal beschikbaar bent.'),
    ).toBeVisible();
    await checkPage(sitter, 'afspraken-proposal-1280');
    const since = new Date();
    // A double tap accepts once, without an error.
    await sitterBar.getByRole('button', { name: 'Accepteren' }).dblclick();
    await expect(sitterBar.getByText('Geaccepteerd')).toBeVisible();
    await expect(sitterBar.getByRole('alert')).toHaveCount(0);
    // ...and the owner's screen follows at once.
    await expect(ownBar.getByText('Geaccepteerd')).toBeVisible();
    await expect(ownBar.getByRole('button', { name: 'Annuleren' })).toBeVisible();
    await checkPage(owner, 'afspraken-accepted-390');

    // Both find it under 'Komende afspraken'.
    for (const [page, other, name] of [
      [owner, 'Sem', 'afspraken-dashboard-390'],
      [sitter, 'Eva', 'afspraken-dashboard-1280'],
    ] as const) {
      await page.goto('/dashboard');
      const upcoming = page.getByRole('list', { name: 'Komende afspraken' });
      const item = upcoming.getByRole('listitem');
      await expect(item).toHaveCount(1);
      await expect(item.getByRole('link', { name: `Uitlaten met ${other}` })).toBeVisible();
      await expect(item).toContainText('09:00 – 10:00');
      await expect(page.getByText('Nog geen afspraken gehad.')).toBeVisible();
      await checkPage(page, name);
    }

    // The owner's mail of the acceptance carries the afspraak as a calendar item.
    const mail = await waitForMail(ownerEmail, {
      subject: 'Sem heeft je afspraak geaccepteerd',
      since,
    });
    expect(mail.text).toContain('Uitlaten');
    expect(mail.text).toContain(`/berichten?conversation=${String(conversationId)}`);
    const calendar = mail.attachments.find((attachment) => attachment.filename === 'afspraak.ics');
    expect(calendar?.contentType).toBe('text/calendar');
    expect(calendar?.content).toContain('BEGIN:VEVENT');
    expect(calendar?.content).toContain('SUMMARY:Uitlaten met Sem (Oppasmaatje)');
    const start = new Date(`${dayFromNow(3)}T09:00`).toISOString().replace(/[-:]|\.\d+/g, '');
    expect(calendar?.content).toContain(`DTSTART:${start}`);
    await clearMailbox(ownerEmail);

    // A link leads from the dashboard back to the conversation.
    await owner
      .getByRole('list', { name: 'Komende afspraken' })
      .getByRole('link', { name: 'Uitlaten met Sem' })
      .click();
    await expect(owner).toHaveURL(`/berichten?conversation=${String(conversationId)}`);
    await saveScreenshot(owner, 'afspraken-back-in-the-conversation-390');

    // Eva cancels it after all and says why; Sem reads why beside the afspraak.
    const reason = 'Pip is ziek, ik blijf deze week zelf bij hem.';
    const walk = afspraken(owner).getByRole('listitem', { name: /^Uitlaten/ });
    await walk.getByRole('button', { name: 'Annuleren' }).click();
    const cancel = owner.getByRole('dialog', { name: 'Afspraak annuleren' });
    await cancel.getByRole('textbox', { name: 'Reden (niet verplicht)' }).fill(reason);
    await checkPage(owner, 'afspraken-cancel-reason-390');
    await cancel.getByRole('button', { name: 'Annuleren' }).click();
    await expect(cancel).toBeHidden();
    await expect(walk).toContainText(`Geannuleerd: ${reason}`);
    await expect(walk.getByRole('button', { name: 'Annuleren' })).toBeHidden();
    await sitter.goto(`/berichten?conversation=${String(conversationId)}`);
    await expect(afspraken(sitter).getByRole('listitem', { name: /^Uitlaten/ })).toContainText(
      `Geannuleerd: ${reason}`,
    );

    // A short afspraak soon, accepted; then time passes it (the server's clock only).
    const soon = Date.now() + 10 * 60_000;
    const proposed = await owner.request.post(
      `/api/conversations/${String(conversationId)}/appointments`,
      {
        data: {
          kind: 'kennismaking',
          startsAt: new Date(soon).toISOString(),
          endsAt: new Date(soon + 30 * 60_000).toISOString(),
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
    setServerClockAhead(2 * 60 * 60);
    try {
      // The dashboard asks whether it took place; the owner says yes there.
      await owner.goto('/dashboard');
      const earlier = owner.getByRole('list', { name: 'Eerdere afspraken' });
      const question = earlier.getByRole('group', { name: 'Is de afspraak doorgegaan?' });
      await expect(question).toBeVisible();
      await checkPage(owner, 'afspraken-outcome-question-390');
      await question.getByRole('button', { name: 'Ja' }).click();
      await expect(question).toBeHidden();

      // Each writes a reference; the other's stays unread until both wrote.
      await owner.goto(`/berichten?conversation=${String(conversationId)}`);
      const ownItem = afspraken(owner).getByRole('listitem', { name: /^Kennismaking/ });
      await ownItem.getByRole('button', { name: 'Referentie schrijven' }).click();
      const ownDialog = owner.getByRole('dialog', { name: 'Referentie over Sem' });
      await ownDialog
        .getByRole('textbox', { name: 'Hoe ging het?' })
        .fill('Sem was precies op tijd en Pip was meteen dol op hem.');
      await ownDialog.getByRole('radio', { name: 'Ja' }).check();
      await ownDialog.getByRole('checkbox', { name: 'Op tijd' }).check();
      await checkPage(owner, 'afspraken-reference-390');
      await ownDialog.getByRole('button', { name: 'Referentie plaatsen' }).click();
      await expect(ownDialog).toBeHidden();
      await expect(
        ownItem.getByText(/Je referentie is bewaard\. Sem en anderen lezen die/),
      ).toBeVisible();

      await sitter.goto(`/berichten?conversation=${String(conversationId)}`);
      const sitterItem = afspraken(sitter).getByRole('listitem', { name: /^Kennismaking/ });
      await expect(sitterItem.getByText('Eva schreef:')).toBeHidden();
      // The sitter answers the question in the conversation, then writes.
      await sitterItem
        .getByRole('group', { name: 'Is de afspraak doorgegaan?' })
        .getByRole('button', { name: 'Ja' })
        .click();
      await sitterItem.getByRole('button', { name: 'Referentie schrijven' }).click();
      const sitterDialog = sitter.getByRole('dialog', { name: 'Referentie over Eva' });
      await sitterDialog
        .getByRole('textbox', { name: 'Hoe ging het?' })
        .fill('Eva legde alles over Pip duidelijk uit.');
      await sitterDialog.getByRole('radio', { name: 'Ja' }).check();
      await sitterDialog
        .getByRole('textbox', { name: 'Alleen voor de moderatoren (niet verplicht)' })
        .fill('Ze vroeg of ik ook haar planten water wilde geven.');
      await sitterDialog.getByRole('button', { name: 'Referentie plaatsen' }).click();
      await expect(sitterDialog).toBeHidden();

      // Published together: each reads the other's, the owner's screen without reloading.
      await expect(sitterItem.getByText('Eva schreef:')).toBeVisible();
      await expect(ownItem.getByText('Sem schreef:')).toBeVisible();
      await expect(ownItem).toContainText('Eva legde alles over Pip duidelijk uit.');

      // The afspraken sit in the page itself, the open ones first: no box of their own that
      // scrolls them out of view.
      await expect(afspraken(sitter).getByRole('list', { name: 'Open afspraken' })).toBeVisible();
      await checkPage(sitter, 'afspraken-references-published-1280');

      // Sem answers Eva's on his own page, once and in public.
      const sem = (await (await sitter.request.get('/api/users/me')).json()) as SessionUser;
      const lookup = (await (
        await sitter.request.get(`/api/profiles/${String(sem.id)}`)
      ).json()) as { type: string; profile: { id: number } };
      const semsPage = `/vrijwilliger/${String(lookup.profile.id)}`;
      const reply = 'Dank je, Eva! Pip is altijd welkom.';
      await sitter.goto(semsPage);
      const ownReferences = sitter.getByRole('list', { name: 'Referenties over Sem' });
      await ownReferences.getByRole('button', { name: 'Reageren' }).click();
      await ownReferences
        .getByRole('textbox', { name: 'Je reactie (iedereen kan die lezen)' })
        .fill(reply);
      await checkPage(sitter, 'afspraken-reference-reply-1280');
      await ownReferences.getByRole('button', { name: 'Reactie plaatsen' }).dblclick();
      await expect(ownReferences).toContainText(`Reactie van Sem: ${reply}`);
      await expect(ownReferences.getByRole('button', { name: 'Reageren' })).toBeHidden();

      // And on the pages, with the help and the month, never the date; the answer below.
      await owner.goto(semsPage);
      const references = owner.getByRole('list', { name: 'Referenties over Sem' });
      await expect(references.getByRole('listitem')).toHaveCount(1);
      await expect(references).toContainText('Eva · Kennismaking');
      await expect(references).toContainText('Sem was precies op tijd');
      await expect(references).toContainText('Zou weer met Sem afspreken');
      await expect(references).toContainText(`Reactie van Sem: ${reply}`);
      await checkPage(owner, 'afspraken-sitter-page-references-390');

      // Sem's card in the list counts it (a list is kept for ten seconds: asked again until then).
      await expect(async () => {
        await owner.goto('/profielen?q=Sem');
        await expect(
          owner.getByRole('article', { name: /^Sem/ }).getByText('1 referentie'),
        ).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await checkPage(owner, 'afspraken-card-reference-count-390');
    } finally {
      setServerClockAhead(0);
    }
    await sitter.context().close();
  });
  test("a double tap on 'Voorstel versturen' and on the reference's button gives one afspraak and one reference, without an error", async ({
    page: owner,
    browser,
  }) => {
    await signUpByMail(owner, {
      firstName: 'Iris',
      lastName: 'Eigenaar',
      email: uniqueEmail('eigenaar.dubbel'),
    });
    await createProfile(owner, {
      profileType: 'huisdier',
      firstName: 'Iris',
      lastName: 'Eigenaar',
      location: 'Utrecht',
      postalCode: '3512',
      petName: 'Moos',
      petBreed: 'Labrador',
      bio: 'Moos zwemt graag in de gracht.',
    });
    const sitter = await secondBrowser(browser);
    await signUpByMail(sitter, {
      firstName: 'Daan',
      lastName: 'Oppas',
      email: uniqueEmail('oppas.dubbel'),
    });
    await createProfile(sitter, {
      profileType: 'vrijwilliger',
      firstName: 'Daan',
      lastName: 'Oppas',
      postalCode: '3512',
      experience: 'ervaren',
      availability: ['Weekend overdag'],
      languages: ['Nederlands'],
      maxDistance: 5,
      hourlyRate: 'gratis',
      transportMode: 'fiets',
    });
    const iris = (await (await owner.request.get('/api/users/me')).json()) as SessionUser;
    const conversationId = await startConversation(sitter, { targetUserId: iris.id });
    expect(
      (await sendMessage(sitter, conversationId, 'Hoi Iris, zal ik Moos uitlaten?')).status(),
    ).toBe(201);
    const listOf = async () =>
      (await (
        await owner.request.get(`/api/conversations/${String(conversationId)}/appointments`)
      ).json()) as { id: number }[];

    // 'Voorstel versturen' tapped twice: one afspraak, the dialog closes, no error.
    await owner.goto(`/berichten?conversation=${String(conversationId)}`);
    await expect(
      owner
        .getByRole('log', { name: 'Berichten met Daan' })
        .getByText('Hoi Iris, zal ik Moos uitlaten?'),
    ).toBeVisible();
    await owner.getByRole('button', { name: 'Afspraak voorstellen' }).click();
    const dialog = owner.getByRole('dialog', { name: /^Afspraak voorstellen aan/ });
    await dialog.getByRole('combobox', { name: 'Soort hulp' }).selectOption({ label: 'Uitlaten' });
    await dialog.getByLabel('Datum', { exact: true }).fill(dayFromNow(4));
    await dialog.getByLabel('Van', { exact: true }).fill('09:00');
    await dialog.getByLabel('Tot', { exact: true }).fill('10:00');
    await dialog.getByRole('button', { name: 'Voorstel versturen' }).dblclick();
    await expect(dialog).toBeHidden();
    const bar = afspraken(owner);
    await expect(bar.getByText('Voorgesteld, wacht op Daan')).toHaveCount(1);
    await expect(owner.getByRole('alert')).toHaveCount(0);
    expect(await listOf()).toHaveLength(1);

    // The reference's button tapped twice after an afspraak that took place: one reference.
    const soon = Date.now() + 10 * 60_000;
    const proposed = await owner.request.post(
      `/api/conversations/${String(conversationId)}/appointments`,
      {
        data: {
          kind: 'kennismaking',
          startsAt: new Date(soon).toISOString(),
          endsAt: new Date(soon + 30 * 60_000).toISOString(),
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
    setServerClockAhead(2 * 60 * 60);
    try {
      await owner.reload();
      const item = afspraken(owner).getByRole('listitem', { name: /^Kennismaking/ });
      await item
        .getByRole('group', { name: 'Is de afspraak doorgegaan?' })
        .getByRole('button', { name: 'Ja' })
        .click();
      await item.getByRole('button', { name: 'Referentie schrijven' }).click();
      const write = owner.getByRole('dialog', { name: /^Referentie over/ });
      await write
        .getByRole('textbox', { name: 'Hoe ging het?' })
        .fill('Daan was precies op tijd en Moos was meteen dol op hem.');
      await write.getByRole('radio', { name: 'Ja' }).check();
      await write.getByRole('button', { name: 'Referentie plaatsen' }).dblclick();
      await expect(write).toBeHidden();
      await expect(
        item.getByText(/Je referentie is bewaard\. Daan en anderen lezen die/),
      ).toBeVisible();
      await expect(
        owner.getByText('Je hebt over deze afspraak al een referentie geschreven.'),
      ).toHaveCount(0);
      await expect(owner.getByRole('alert')).toHaveCount(0);
      const references = (await (
        await owner.request.get(`/api/appointments/${String(id)}/references`)
      ).json()) as { mine: { text: string } | null };
      expect(references.mine?.text).toBe('Daan was precies op tijd en Moos was meteen dol op hem.');
      expect(await listOf()).toHaveLength(2);
    } finally {
      setServerClockAhead(0);
    }
    await sitter.context().close();
  });
});
