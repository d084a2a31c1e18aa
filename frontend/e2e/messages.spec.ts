import type { Page } from '@playwright/test';
import { checkPage, expect, expectNoSeriousA11yViolations, saveScreenshot, test } from './fixtures';
import { sendMessage, startConversation } from './support/conversation';
import { recordCreateCalls } from './support/create-calls';
import { demo, seedDemoProfiles } from './support/demo';
import { codeFromMail, waitForMail } from './support/mailbox';
import {
  clientAddressOf,
  signUpByMail,
  uniqueEmail,
  type NewPerson,
  createProfile,
  secondBrowser,
} from './support/session';

const PROFILE_REQUIRED =
  'Je moet eerst je profiel aanmaken voordat je berichten kunt sturen. Je wordt nu doorgestuurd naar het dashboard om je profiel af te ronden.';

/** A name no other test uses (the suite shares one database): letters only, as names must be. */
function uniqueName(prefix: string): string {
  const letters = String(Date.now() % 1e7)
    .split('')
    .map((digit) => String.fromCharCode(97 + Number(digit)))
    .join('');
  return `${prefix}${letters}`;
}

/** Signs in through /inloggen with a code by e-mail, as a person would. */
async function signInByMail(page: Page, email: string): Promise<void> {
  await page.getByRole('tab', { name: 'E-mail' }).click();
  await page.getByRole('textbox', { name: 'E-mailadres', exact: true }).fill(email);
  const since = new Date();
  await page.getByRole('button', { name: 'Stuur inlogcode' }).click();
  const mail = await waitForMail(email, { subject: 'is je inlogcode voor Oppasmaatje', since });
  await page.getByRole('textbox', { name: 'Cijfer 1 van 6' }).click();
  await page.keyboard.type(codeFromMail(mail));
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Hoofdmenu' });

test.describe('messages', () => {
  // Two people, each signing up, and a conversation back and forth.
  test.describe.configure({ timeout: 120_000 });

  test('a sitter writes to a pet owner, who reads and answers, all live', async ({
    page: sitter,
    browser,
  }) => {
    const petName = uniqueName('Pip');
    const owner = await secondBrowser(browser);
    const ownerPerson: NewPerson = {
      firstName: 'Eva',
      lastName: 'Eigenaar',
      email: uniqueEmail('eigenaar.berichten'),
    };
    await signUpByMail(owner, ownerPerson);
    await createProfile(owner, {
      profileType: 'huisdier',
      firstName: 'Eva',
      lastName: 'Eigenaar',
      location: 'Utrecht',
      postalCode: '3512',
      petName,
      petBreed: 'Beagle',
      petAge: '2 jaar',
      petSize: 'middel',
      petGender: 'teef',
      petPersonality: 'Nieuwsgierig',
      bio: `${petName} snuffelt graag overal aan.`,
    });
    await signUpByMail(sitter, {
      firstName: 'Sem',
      lastName: 'Oppas',
      email: uniqueEmail('oppas.berichten'),
    });
    await createProfile(sitter, {
      profileType: 'vrijwilliger',
      firstName: 'Sem',
      lastName: 'Oppas',
      bio: 'Ik wandel graag met honden en pas met liefde op katten in Utrecht.',
      location: 'Utrecht',
      postalCode: '3512',
      experience: 'ervaren',
      availability: ['Weekend overdag'],
      languages: ['Nederlands'],
      maxDistance: 5,
      hourlyRate: 'gratis',
      transportMode: 'fiets',
    });

    // The owner waits on the dashboard: nothing unread yet.
    await owner.goto('/dashboard');
    await expect(
      owner.getByRole('heading', { level: 1, name: 'Welkom terug, Eva!' }),
    ).toBeVisible();
    await expect(
      mainNav(owner).getByRole('link', { name: 'Berichten', exact: true }),
    ).toBeVisible();

    // The sitter finds the pet and starts a conversation.
    await sitter.goto('/voor-oppassers');
    await sitter.getByRole('searchbox', { name: 'Zoek een huisdier' }).fill(petName);
    await sitter.getByRole('button', { name: 'Zoeken' }).click();
    await sitter
      .getByRole('article', { name: new RegExp(petName) })
      .getByRole('link', { name: /Bekijk profiel/ })
      .click();
    await expect(sitter).toHaveURL(/\/huisdier\/\d+$/);
    await sitter.getByRole('button', { name: 'Bericht sturen' }).click();
    await expect(sitter).toHaveURL(/\/berichten\?conversation=\d+$/);
    await expect(sitter.getByRole('heading', { level: 2, name: 'Eva' })).toBeVisible();
    await expect(sitter.getByRole('link', { name: `Over ${petName}` })).toBeVisible();
    await expect(sitter.getByText('Nog geen berichten in dit gesprek')).toBeVisible();
    await checkPage(sitter, 'messages-new-conversation');

    // The first message, with a line break and a word too long for one line.
    const composer = sitter.getByRole('textbox', { name: 'Bericht aan Eva' });
    await composer.fill(`Hoi Eva!`);
    await composer.press('Shift+Enter');
    await composer.pressSequentially(`Ik pas graag op ${petName}. Superlangwoord${'x'.repeat(80)}`);
    await composer.press('Enter');
    await expect(composer).toHaveValue('');
    const sitterLog = sitter.getByRole('log', { name: 'Berichten met Eva' });
    const sent = sitterLog.getByRole('listitem').filter({ hasText: 'Hoi Eva!' });
    await expect(sent).toContainText(`Ik pas graag op ${petName}.`);
    await expect(sent).toContainText('Verzonden');
    await expect(sitterLog.getByRole('heading', { level: 3, name: 'Vandaag' })).toBeVisible();

    // The owner sees it arrive without reloading: in the header and on the dashboard tile.
    const unreadLink = mainNav(owner).getByRole('link', { name: 'Berichten, 1 ongelezen' });
    await expect(unreadLink).toBeVisible();
    await expect(
      owner
        .getByRole('list', { name: 'Overzicht' })
        .getByRole('listitem')
        .filter({ hasText: 'Berichten' }),
    ).toContainText('1 ongelezen');
    await saveScreenshot(owner, 'messages-dashboard-unread');

    // The owner opens the inbox, then the conversation.
    await unreadLink.click();
    await expect(owner).toHaveURL('/berichten');
    const fromSem = owner.getByRole('link', { name: /Sem/ });
    await expect(fromSem).toContainText('1 ongelezen');
    await expect(fromSem).toContainText(petName);
    await expect(owner.getByText('Selecteer een gesprek')).toBeVisible();
    await checkPage(owner, 'messages-inbox');
    await fromSem.click();
    await expect(owner).toHaveURL(/\/berichten\?conversation=\d+$/);
    const ownerLog = owner.getByRole('log', { name: 'Berichten met Sem' });
    await expect(ownerLog).toContainText('Hoi Eva!');
    await expect(
      mainNav(owner).getByRole('link', { name: 'Berichten', exact: true }),
    ).toBeVisible();
    await expect(fromSem).not.toContainText('ongelezen');

    // The sitter sees it read, without reloading.
    await expect(sent).toContainText('Gelezen');
    await checkPage(sitter, 'messages-thread-read');

    // The owner answers; the answer arrives at the sitter live.
    await owner.getByRole('textbox', { name: 'Bericht aan Sem' }).fill('Graag! Kun je zaterdag?');
    await owner.getByRole('textbox', { name: 'Bericht aan Sem' }).press('Enter');
    await expect(ownerLog).toContainText('Graag! Kun je zaterdag?');
    await expect(sitterLog).toContainText('Graag! Kun je zaterdag?');
    await expect(sitter.getByRole('link', { name: /Eva/ })).toContainText(
      'Graag! Kun je zaterdag?',
    );
    await expect(owner.getByRole('link', { name: /Sem/ })).toContainText(
      'Jij: Graag! Kun je zaterdag?',
    );
    await checkPage(owner, 'messages-thread-wide');

    // Searching the inbox by pet name, and for nothing.
    const search = owner.getByRole('searchbox', { name: 'Zoek in berichten' });
    await search.fill(petName.toUpperCase());
    await expect(owner.getByRole('link', { name: /Sem/ })).toBeVisible();
    await search.fill('niemand hier');
    await expect(owner.getByText('Geen berichten gevonden')).toBeVisible();
    await checkPage(owner, 'messages-search-nothing');
    await search.fill('');

    // On a phone: one pane at a time, with a way back.
    const phone = await sitter.context().newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto('/berichten');
    const conversation = phone.getByRole('link', { name: /Eva/ });
    await expect(conversation).toBeVisible();
    await expect(phone.getByText('Selecteer een gesprek')).toBeHidden();
    await checkPage(phone, 'messages-phone-list');
    await conversation.click();
    const phoneLog = phone.getByRole('log', { name: 'Berichten met Eva' });
    await expect(phoneLog).toContainText('Graag! Kun je zaterdag?');
    await expect(conversation).toBeHidden();
    // A string: the suite's pages have no DOM types.
    const overflow = await phone.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    if (overflow > 0) {
      const wide = await phone.evaluate<string>(
        `[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5).slice(0, 8).map((e) => e.tagName + '.' + String(e.className).slice(0, 80) + ' ' + Math.round(e.getBoundingClientRect().right)).join('\\n')`,
      );
      console.log(wide);
      await saveScreenshot(phone, 'messages-phone-thread-overflow');
    }
    expect(overflow, 'no sideways scrolling on a phone').toBeLessThanOrEqual(0);
    await checkPage(phone, 'messages-phone-thread');
    await phone.getByRole('button', { name: 'Terug naar gesprekken' }).click();
    await expect(conversation).toBeVisible();
    await expect(phoneLog).toBeHidden();
    await phone.close();

    // The e-mail setting on the dashboard is saved.
    await owner.goto('/dashboard');
    const setting = owner.getByRole('checkbox', { name: 'E-mail bij nieuwe berichten' });
    await expect(setting).toBeChecked();
    await setting.uncheck();
    await expect(owner.getByText('Opgeslagen')).toBeVisible();
    await checkPage(owner, 'messages-dashboard-setting');
    await owner.reload();
    await expect(setting).not.toBeChecked();

    await owner.context().close();
  });

  test('a long conversation opens at the newest message and loads older ones above', async ({
    page: owner,
    browser,
  }) => {
    await signUpByMail(owner, {
      firstName: 'Olga',
      lastName: 'Eigenaar',
      email: uniqueEmail('eigenaar.lang'),
    });
    const lookup = await createProfile(owner, {
      profileType: 'huisdier',
      firstName: 'Olga',
      lastName: 'Eigenaar',
      location: 'Utrecht',
      postalCode: '3512',
      petName: uniqueName('Mop'),
    });
    const sitter = await secondBrowser(browser);
    await signUpByMail(sitter, {
      firstName: 'Tim',
      lastName: 'Oppas',
      email: uniqueEmail('oppas.lang'),
    });
    await createProfile(sitter, {
      profileType: 'vrijwilliger',
      firstName: 'Tim',
      lastName: 'Oppas',
      location: 'Utrecht',
      postalCode: '3512',
    });
    const conversationId = await startConversation(sitter, {
      targetUserId: lookup.profile.user_id,
      petId: lookup.profile.id,
    });
    // 56 messages, within each person's allowance of 30 a minute: more than one page of 50.
    const send = async (from: Page, n: number) => {
      expect((await sendMessage(from, conversationId, `Bericht ${n}`)).status()).toBe(201);
    };
    for (let n = 1; n <= 56; n += 1) {
      await send(n <= 28 ? sitter : owner, n);
    }

    await owner.goto(`/berichten?conversation=${conversationId}`);
    const log = owner.getByRole('log', { name: 'Berichten met Tim' });
    const message = (n: number) => log.getByText(`Bericht ${n}`, { exact: true });
    await expect(message(56)).toBeInViewport();
    await expect(message(1)).toHaveCount(0);
    // The page ends with its footer: nothing of the thread sticks out below.
    const belowFooter = await owner.evaluate<number>(
      `document.documentElement.scrollHeight - (document.querySelector('footer').getBoundingClientRect().bottom + window.scrollY)`,
    );
    expect(belowFooter).toBeLessThanOrEqual(1);
    await checkPage(owner, 'messages-long-thread');

    // Scrolled to the top, the older messages appear above what was on screen.
    await owner.evaluate(`document.querySelector('[role=log]').scrollTop = 0`);
    await expect(message(1)).toHaveCount(1);
    await expect(message(7)).toBeInViewport();
    await expect(message(1)).not.toBeInViewport();
    await expect(log.getByRole('button', { name: 'Oudere berichten laden' })).toHaveCount(0);

    // A new message while reading older ones does not pull the reader down...
    await send(sitter, 57);
    await expect(message(57)).toHaveCount(1);
    await expect(message(7)).toBeInViewport();
    // ...but it does at the bottom.
    await owner.evaluate(
      `(() => { const log = document.querySelector('[role=log]'); log.scrollTop = log.scrollHeight; })()`,
    );
    await expect(message(57)).toBeInViewport();
    await send(sitter, 58);
    await expect(message(58)).toBeInViewport();
    await sitter.context().close();
  });

  test('a message written without a connection survives a reload and arrives exactly once', async ({
    page: sitter,
    browser,
  }) => {
    const owner = await secondBrowser(browser);
    await signUpByMail(owner, {
      firstName: 'Oda',
      lastName: 'Eigenaar',
      email: uniqueEmail('eigenaar.offline'),
    });
    const lookup = await createProfile(owner, {
      profileType: 'huisdier',
      firstName: 'Oda',
      lastName: 'Eigenaar',
      location: 'Utrecht',
      postalCode: '3512',
      petName: uniqueName('Kees'),
    });
    await signUpByMail(sitter, {
      firstName: 'Otto',
      lastName: 'Oppas',
      email: uniqueEmail('oppas.offline'),
    });
    await createProfile(sitter, {
      profileType: 'vrijwilliger',
      firstName: 'Otto',
      lastName: 'Oppas',
      location: 'Utrecht',
      postalCode: '3512',
    });
    const conversationId = await startConversation(sitter, {
      targetUserId: lookup.profile.user_id,
      petId: lookup.profile.id,
    });
    await sitter.goto(`/berichten?conversation=${String(conversationId)}`);
    const box = sitter.getByRole('textbox', { name: 'Bericht aan Oda' });
    await expect(box).toBeVisible();

    // Offline: the message shows at once as on its way, and the box is free again.
    const text = `Geschreven in de trein ${String(Date.now())}`;
    await sitter.context().setOffline(true);
    await box.fill(text);
    await box.press('Enter');
    await expect(box).toHaveValue('');
    const waiting = sitter.getByRole('list', { name: 'Nog niet verstuurd' });
    await expect(waiting.getByText(text)).toBeVisible();
    await expect(waiting.getByRole('status')).toHaveText('Wordt verstuurd...');
    await expectNoSeriousA11yViolations(sitter);

    // Back online, but the server still out of reach, the page is reloaded: the message is kept.
    let reachable = false;
    await sitter.route(`**/api/conversations/${String(conversationId)}/messages`, (route) =>
      route.request().method() === 'POST' && !reachable
        ? route.abort('internetdisconnected')
        : route.fallback(),
    );
    await sitter.context().setOffline(false);
    await sitter.reload();
    await expect(waiting.getByText(text)).toBeVisible();
    await expect(waiting.getByRole('status')).toHaveText('Wordt verstuurd...');

    // The server can be reached again: the message goes once the connection is back, whichever
    // page is open then.
    await sitter.goto('/dashboard');
    reachable = true;
    await sitter.context().setOffline(true);
    await expect.poll(() => sitter.evaluate<boolean>('navigator.onLine')).toBe(false);
    await sitter.context().setOffline(false);
    const received = async () => {
      const answer = await owner.request.get(
        `/api/conversations/${String(conversationId)}/messages`,
      );
      expect(answer.status()).toBe(200);
      const { messages } = (await answer.json()) as { messages: { text: string }[] };
      return messages.filter((message) => message.text === text).length;
    };
    await expect.poll(received).toBeGreaterThan(0);
    // The other person has it exactly once, and so does the writer's thread.
    expect(await received()).toBe(1);
    await sitter.goto(`/berichten?conversation=${String(conversationId)}`);
    const log = sitter.getByRole('log', { name: 'Berichten met Oda' });
    await expect(log.getByText(text, { exact: true })).toHaveCount(1);
    await expect(waiting).toHaveCount(0);
    await owner.goto(`/berichten?conversation=${String(conversationId)}`);
    await expect(
      owner.getByRole('log', { name: 'Berichten met Otto' }).getByText(text, { exact: true }),
    ).toHaveCount(1);
    await owner.context().close();
  });

  test("a double tap on 'Bericht sturen' starts one conversation, and on 'Versturen' sends one first message, without an error", async ({
    page: sitter,
    browser,
  }) => {
    const petName = uniqueName('Tik');
    const owner = await secondBrowser(browser);
    await signUpByMail(owner, {
      firstName: 'Ilse',
      lastName: 'Eigenaar',
      email: uniqueEmail('eigenaar.dubbeltik'),
    });
    const lookup = await createProfile(owner, {
      profileType: 'huisdier',
      firstName: 'Ilse',
      lastName: 'Eigenaar',
      location: 'Utrecht',
      postalCode: '3512',
      petName,
    });
    await owner.context().close();
    await signUpByMail(sitter, {
      firstName: 'Tim',
      lastName: 'Oppas',
      email: uniqueEmail('oppas.dubbeltik'),
    });
    await createProfile(sitter, {
      profileType: 'vrijwilliger',
      firstName: 'Tim',
      lastName: 'Oppas',
      postalCode: '3512',
    });
    const starts = recordCreateCalls(sitter, '/api/conversations');

    // 'Bericht sturen' tapped twice on the pet's page: one conversation, opened.
    await sitter.goto(`/huisdier/${String(lookup.profile.id)}`);
    await sitter.getByRole('button', { name: 'Bericht sturen' }).dblclick();
    await expect(sitter).toHaveURL(/\/berichten\?conversation=\d+$/);
    const conversationId = Number(new URL(sitter.url()).searchParams.get('conversation'));
    await expect(sitter.getByText('Nog geen berichten in dit gesprek')).toBeVisible();
    await expect(sitter.getByRole('alert')).toHaveCount(0);
    expect(starts.length).toBeGreaterThan(0);
    for (const call of starts) expect(call).toEqual({ status: 200, key: starts[0]?.key });
    expect(starts[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    const inbox = (await (await sitter.request.get('/api/conversations')).json()) as {
      conversations: { id: number; otherUserId: number }[];
    };
    expect(inbox.conversations.map((conversation) => conversation.id)).toEqual([conversationId]);

    // The first message's 'Versturen' tapped twice: one message, also after a reload.
    const sends = recordCreateCalls(
      sitter,
      `/api/conversations/${String(conversationId)}/messages`,
    );
    const text = `Hoi Ilse, zal ik ${petName} zaterdag uitlaten?`;
    await sitter.getByRole('textbox', { name: 'Bericht aan Ilse' }).fill(text);
    await sitter.getByRole('button', { name: 'Versturen', exact: true }).dblclick();
    const log = sitter.getByRole('log', { name: 'Berichten met Ilse' });
    await expect(log.getByRole('listitem').filter({ hasText: text })).toContainText('Verzonden');
    await expect(sitter.getByRole('alert')).toHaveCount(0);
    expect(sends.length).toBeGreaterThan(0);
    for (const call of sends) expect(call).toEqual({ status: 201, key: sends[0]?.key });
    await sitter.reload();
    await expect(log.getByText(text, { exact: true })).toHaveCount(1);
    const messages = (await (
      await sitter.request.get(`/api/conversations/${String(conversationId)}/messages`)
    ).json()) as { messages: { text: string }[] };
    expect(messages.messages.map((message) => message.text)).toEqual([text]);
  });

  test('Bericht sturen leads a visitor to sign in and back, and someone without a profile to the dashboard', async ({
    page,
    browser,
  }) => {
    await seedDemoProfiles();
    // An account without a profile.
    const email = uniqueEmail('zonder.profiel');
    const other = await secondBrowser(browser);
    await signUpByMail(other, { firstName: 'Noor', lastName: 'Nieuw', email });
    await other.context().close();
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddressOf(email) });

    // A visitor on a pet page.
    await page.goto(`/profielen?q=${demo.pets.guus.name}`);
    await page
      .getByRole('article', { name: new RegExp(demo.pets.guus.name) })
      .getByRole('link', { name: /Bekijk profiel/ })
      .click();
    await expect(page).toHaveURL(/\/huisdier\/\d+$/);
    const petPath = new URL(page.url()).pathname;
    await page.getByRole('link', { name: 'Bericht sturen' }).click();
    await expect(page).toHaveURL(`/inloggen?next=${encodeURIComponent(petPath)}`);

    // Signed in, back on the pet page.
    await signInByMail(page, email);
    await expect(page).toHaveURL(petPath);
    await expect(page.getByRole('heading', { level: 1, name: demo.pets.guus.name })).toBeVisible();

    // Without a profile of one's own: told so in a dialog that holds the focus, then the dashboard.
    await page.getByRole('button', { name: 'Bericht sturen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Geen profiel' });
    await expect(dialog).toContainText(PROFILE_REQUIRED);
    await expect(dialog.getByRole('button', { name: 'Sluiten' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Naar het dashboard' })).toBeFocused();
    await checkPage(page, 'profile-required-dialog');
    await dialog.getByRole('button', { name: 'Naar het dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('button', { name: 'Ik wil oppassen' })).toBeVisible();

    // The inbox is empty for now.
    await page.goto('/berichten');
    await expect(
      page.getByText(
        'Nog geen gesprekken. Start een gesprek door een bericht te sturen naar een profiel!',
      ),
    ).toBeVisible();
    await checkPage(page, 'messages-empty');
    await page.setViewportSize({ width: 390, height: 844 });
    await checkPage(page, 'messages-empty-phone');
  });

  test('a visitor who opens /berichten is asked to sign in first', async ({ page }) => {
    await page.goto('/berichten?conversation=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
    await expect(page).toHaveURL('/inloggen');
  });
});
