import { readFileSync } from 'node:fs';
import type { APIResponse, BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { conversationWith } from '../support/conversation';
import { baseURL } from '../support/endpoints';
import { squarePng } from '../support/images';
import { codeFromMail, delayEachMail, listMail, waitForMail } from '../support/mailbox';
import {
  clientAddressOf,
  createProfile,
  secondBrowser,
  signUpByMail,
  uniqueEmail,
} from '../support/session';

// What scripts/instances names: each instance's own address and log, and the bucket's address.
const instanceURLs = (process.env.INSTANCE_URLS ?? '').split(',').filter(Boolean);
const instanceLogs = (process.env.INSTANCE_LOGS ?? '').split(',').filter(Boolean);
const bucketURL = process.env.INSTANCE_BUCKET_URL ?? '';
const instancePids = (process.env.INSTANCE_PIDS ?? '').split(',').filter(Boolean).map(Number);
if (
  instanceURLs.length !== 2 ||
  instanceLogs.length !== 2 ||
  instancePids.length !== 2 ||
  !bucketURL
) {
  throw new Error('run this suite through scripts/instances: it starts the two instances');
}
const [firstInstance = '', secondInstance = ''] = instanceURLs;

/** The lines of both instances' JSON logs, each with the fields of its event. */
function logLines(): Record<string, unknown>[] {
  return instanceLogs.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => {
        const parsed = JSON.parse(line) as { fields?: Record<string, unknown> };
        return parsed.fields ?? {};
      }),
  );
}

/** Which instance served each of `requestIds`, by the instances' request lines. */
function servedBy(requestIds: Iterable<string>): Map<string, string> {
  const wanted = new Set(requestIds);
  const served = new Map<string, string>();
  for (const fields of logLines()) {
    const id = fields['request.id'];
    if (fields.message === 'request served' && typeof id === 'string' && wanted.has(id)) {
      served.set(id, String(fields.instance));
    }
  }
  return served;
}

/** Keeps the request id of every answer to `page` and to its API calls. */
function recordRequestIds(page: Page): { ids: Set<string>; keep: (r: APIResponse) => void } {
  const ids = new Set<string>();
  page.on('response', (response) => {
    const id = response.headers()['x-request-id'];
    if (id) ids.add(id);
  });
  return {
    ids,
    keep: (response) => {
      const id = response.headers()['x-request-id'];
      if (id) ids.add(id);
    },
  };
}

async function uploadPhoto(page: Page, rgb: [number, number, number]): Promise<APIResponse> {
  const response = await page.request.post('/api/upload', {
    multipart: { file: { name: 'foto.png', mimeType: 'image/png', buffer: squarePng(rgb) } },
    headers: { Origin: baseURL },
  });
  expect(response.status(), 'upload').toBe(201);
  return response;
}

/** The keys the bucket holds, listed through the S3 API. */
async function bucketKeys(): Promise<string[]> {
  const listing = await fetch(`${bucketURL}?list-type=2`);
  expect(listing.status, 'bucket listing').toBe(200);
  return [...(await listing.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map(
    (match) => match[1] ?? '',
  );
}

/** The image at `src` on the page is shown, and was loaded whole. */
async function expectPhoto(page: Page, src: string): Promise<void> {
  const photo = page.locator(`img[src="${src}"]`).first();
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((image) => (image as { naturalWidth?: number }).naturalWidth ?? 0))
    .toBeGreaterThan(0);
}

/** Whether `url` is the live stream's (`/api/events`, with whatever query it opens with). */
const isStream = (url: URL | string) => new URL(url).pathname === '/api/events';

/** The stream `url` at its instance, without the query it opens with. */
const streamAt = (url: string) => `${new URL(url).origin}/api/events`;

/** The context's live events come from `instance`, whatever the balancer would pick. */
async function pinEvents(context: BrowserContext, instance: string): Promise<void> {
  await context.route(isStream, (route) =>
    route.continue({ url: `${instance}/api/events${new URL(route.request().url()).search}` }),
  );
}

test.describe('two instances behind nginx', () => {
  test('the clean-up of the hour ran on one instance only', () => {
    // Both instances started with a clean-up turn; the database gave it to one of them.
    const done = logLines().filter((fields) => fields.message === 'clean-up done');
    expect(done).toHaveLength(1);
  });

  test('a person’s requests land on both instances, and their photo shows on every page', async ({
    page,
  }) => {
    const { ids, keep } = recordRequestIds(page);
    await signUpByMail(page, {
      firstName: 'Ilse',
      lastName: 'Instantie',
      email: uniqueEmail('instanties'),
    });
    const petPhoto = await uploadPhoto(page, [234, 88, 12]);
    keep(petPhoto);
    const petSrc = ((await petPhoto.json()) as { url: string }).url;
    const ownerPhoto = await uploadPhoto(page, [13, 148, 136]);
    keep(ownerPhoto);
    const ownerSrc = ((await ownerPhoto.json()) as { url: string }).url;
    const lookup = await createProfile(page, {
      profileType: 'huisdier',
      firstName: 'Ilse',
      lastName: 'Instantie',
      location: 'Utrecht',
      postalCode: '3512',
      avatarUrl: petSrc,
      ownerAvatarUrl: ownerSrc,
      petName: 'Nginx',
      bio: 'Nginx verdeelt zijn dag tussen twee manden.',
    });
    if (lookup.type !== 'huisdier') throw new Error('an owner profile was expected');

    // Every page after the upload shows the photos, whichever instance reads them from the bucket.
    await page.goto(`/huisdier/${String(lookup.profile.id)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Nginx' })).toBeVisible();
    await expectPhoto(page, petSrc);
    await page.goto(`/eigenaar/${String(lookup.profile.owner_id)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ilse Instantie' })).toBeVisible();
    await expectPhoto(page, ownerSrc);
    await expectPhoto(page, petSrc);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ilse');
    await page.goto(`/huisdier/${String(lookup.profile.id)}`);
    await expectPhoto(page, petSrc);

    // Round robin without sticky sessions: both instances served this one person.
    const served = servedBy(ids);
    expect(served.size, 'requests found in the instances’ logs').toBeGreaterThan(10);
    expect(new Set(served.values())).toEqual(new Set(['een', 'twee']));
  });

  test('two people whose live events come from different instances message each other live', async ({
    page: owner,
    browser,
  }) => {
    const sitter = await secondBrowser(browser);
    await pinEvents(owner.context(), firstInstance);
    await pinEvents(sitter.context(), secondInstance);
    await signUpByMail(owner, {
      firstName: 'Olga',
      lastName: 'Eigenaar',
      email: uniqueEmail('eigenaar.instanties'),
    });
    const lookup = await createProfile(owner, {
      profileType: 'huisdier',
      firstName: 'Olga',
      lastName: 'Eigenaar',
      location: 'Utrecht',
      postalCode: '3512',
      petName: 'Proxy',
    });
    await signUpByMail(sitter, {
      firstName: 'Sven',
      lastName: 'Oppas',
      email: uniqueEmail('oppas.instanties'),
    });
    await createProfile(sitter, {
      profileType: 'vrijwilliger',
      firstName: 'Sven',
      lastName: 'Oppas',
      location: 'Utrecht',
      postalCode: '3512',
    });
    const conversationId = await conversationWith(
      sitter,
      { targetUserId: lookup.profile.user_id, petId: lookup.profile.id },
      'Hoi Olga, ik pas graag op Proxy.',
    );

    const streams = { owner: '', sitter: '' };
    owner.on('response', (response) => {
      if (isStream(response.url())) streams.owner = streamAt(response.url());
    });
    sitter.on('response', (response) => {
      if (isStream(response.url())) streams.sitter = streamAt(response.url());
    });
    await owner.goto(`/berichten?conversation=${String(conversationId)}`);
    await sitter.goto(`/berichten?conversation=${String(conversationId)}`);
    const ownerLog = owner.getByRole('log', { name: 'Berichten met Sven' });
    const sitterLog = sitter.getByRole('log', { name: 'Berichten met Olga' });
    await expect(ownerLog).toContainText('Hoi Olga, ik pas graag op Proxy.');
    await expect(sitterLog).toContainText('Hoi Olga, ik pas graag op Proxy.');
    await expect.poll(() => streams.owner).toBe(`${firstInstance}/api/events`);
    await expect.poll(() => streams.sitter).toBe(`${secondInstance}/api/events`);

    // Sent through nginx, announced by the instance that holds the other person's stream.
    const ownerComposer = owner.getByRole('textbox', { name: 'Bericht aan Sven' });
    await ownerComposer.fill('Fijn! Kun je zaterdag?');
    await ownerComposer.press('Enter');
    await expect(sitterLog).toContainText('Fijn! Kun je zaterdag?', { timeout: 5_000 });
    const sitterComposer = sitter.getByRole('textbox', { name: 'Bericht aan Olga' });
    await sitterComposer.fill('Zaterdag kan ik, tot dan.');
    await sitterComposer.press('Enter');
    await expect(ownerLog).toContainText('Zaterdag kan ik, tot dan.', { timeout: 5_000 });
  });

  test('someone with pages on both instances stays online until the last one closes', async ({
    page: owner,
    browser,
  }) => {
    await signUpByMail(owner, {
      firstName: 'Anna',
      lastName: 'Eigenaar',
      email: uniqueEmail('eigenaar.aanwezig'),
    });
    const lookup = await createProfile(owner, {
      profileType: 'huisdier',
      firstName: 'Anna',
      lastName: 'Eigenaar',
      location: 'Utrecht',
      postalCode: '3512',
      petName: 'Balans',
    });
    const sitter = await secondBrowser(browser);
    await signUpByMail(sitter, {
      firstName: 'Tom',
      lastName: 'Oppas',
      email: uniqueEmail('oppas.aanwezig'),
    });
    await createProfile(sitter, {
      profileType: 'vrijwilliger',
      firstName: 'Tom',
      lastName: 'Oppas',
      location: 'Utrecht',
      postalCode: '3512',
    });
    const conversationId = await conversationWith(
      sitter,
      { targetUserId: lookup.profile.user_id, petId: lookup.profile.id },
      'Hoi Anna!',
    );
    await owner.goto(`/berichten?conversation=${String(conversationId)}`);
    await expect(owner.getByRole('log', { name: 'Berichten met Tom' })).toContainText('Hoi Anna!');
    const tomOnline = owner.getByText('Online', { exact: true });
    await expect(tomOnline).toHaveCount(0);

    // Tom reads on two pages, each opened at one instance itself (the cookie holds for both:
    // reading needs no state change, so the public address is not needed for these).
    // A context of its own without the suite's request filter (map tiles are off here): a page
    // that closes then closes its stream's connection at once, as a browser does.
    const tom = await browser.newContext({ storageState: await sitter.context().storageState() });
    const opened = async (instance: string) => {
      const page = await tom.newPage();
      const stream = page.waitForResponse(
        (response) =>
          isStream(response.url()) && streamAt(response.url()) === `${instance}/api/events`,
      );
      await page.goto(`${instance}/berichten`);
      await stream;
      return page;
    };
    const onSecond = await opened(secondInstance);
    const onFirst = await opened(firstInstance);
    await expect(tomOnline).toBeVisible({ timeout: 5_000 });
    await sitter.close();
    await onSecond.close();
    // Long enough for an offline announcement from the second instance to have arrived: it
    // notices a closed page at once, and the first instance still holds Tom.
    await owner.waitForTimeout(4_000);
    await expect(tomOnline).toBeVisible();
    const closedAt = Date.now();
    await onFirst.close();
    await expect(tomOnline).toHaveCount(0, { timeout: 5_000 });
    console.log(`offline seen ${String(Date.now() - closedAt)} ms after the last page closed`);
  });

  test('a profile edit on one instance shows on the other within a second', async ({ page }) => {
    await signUpByMail(page, {
      firstName: 'Wout',
      lastName: 'Wijziging',
      email: uniqueEmail('wijziging.instanties'),
    });
    const draft = {
      profileType: 'vrijwilliger',
      firstName: 'Wout',
      lastName: 'Wijziging',
      location: 'Utrecht',
      postalCode: '3512',
    };
    const lookup = await createProfile(page, draft);
    const userId = lookup.profile.user_id;
    const pageOnSecond = `${secondInstance}/api/volunteers/${String(lookup.profile.id)}`;
    const bioOnSecond = async () => {
      const response = await page.request.get(pageOnSecond);
      expect(response.status()).toBe(200);
      return ((await response.json()) as { volunteer: { bio: string } }).volunteer.bio;
    };
    // The second instance has the page in memory now.
    const before = await bioOnSecond();
    expect(await bioOnSecond()).toBe(before);

    const bio = 'Sinds vandaag pas ik ook op konijnen en cavia’s bij mij in de buurt.';
    const saved = await page.request.put(`${firstInstance}/api/profiles/${String(userId)}`, {
      data: { ...draft, bio },
      headers: { Origin: baseURL },
    });
    expect(saved.status(), 'the edit on the first instance').toBe(200);
    const savedAt = Date.now();
    await expect.poll(bioOnSecond, { intervals: [50], timeout: 1_000 }).toBe(bio);
    expect(Date.now() - savedAt).toBeLessThan(1_000);
  });

  test('an account deletion removes its photos from the bucket', async ({ page }) => {
    const email = uniqueEmail('vertrek.instanties');
    await signUpByMail(page, { firstName: 'Bram', lastName: 'Bucket', email });
    const photo = await uploadPhoto(page, [99, 102, 241]);
    const src = ((await photo.json()) as { url: string }).url;
    await createProfile(page, {
      profileType: 'vrijwilliger',
      firstName: 'Bram',
      lastName: 'Bucket',
      location: 'Utrecht',
      postalCode: '3512',
      avatarUrl: src,
    });
    const key = src.slice(src.lastIndexOf('/') + 1);
    expect((await bucketKeys()).some((name) => name.endsWith(key))).toBe(true);

    const since = new Date();
    const asked = await page.request.post('/api/users/me/deletion-code', {
      headers: { Origin: baseURL },
    });
    expect(asked.status(), 'deletion code').toBe(200);
    const mail = await waitForMail(email, {
      subject: 'is je code om je account te verwijderen',
      since,
    });
    const deleted = await page.request.post('/api/users/me/deletion', {
      data: { code: codeFromMail(mail) },
      headers: { Origin: baseURL },
    });
    expect(deleted.ok(), 'deletion').toBe(true);
    await expect
      .poll(async () => (await bucketKeys()).some((name) => name.endsWith(key)))
      .toBe(false);
  });

  // Last: the first instance does not come back.
  test('200 queued mails arrive once each while an instance is killed halfway', async ({
    request,
  }) => {
    test.setTimeout(240_000);
    const run = String(Date.now());
    const addresses = Array.from({ length: 200 }, (_, n) => `massa${String(n)}.${run}@example.com`);
    const [firstPid = 0] = instancePids;
    // A mail server that takes its time: the first instance is still sending when it is killed.
    await delayEachMail(100);
    // Eight requests at a time; the kill comes between two rounds, with none on its way.
    let answered = 0;
    let retried = 0;
    for (let start = 0; start < addresses.length; start += 8) {
      if (answered >= 100 && answered < 108) process.kill(firstPid, 'SIGKILL');
      const round = addresses.slice(start, start + 8);
      const statuses = await Promise.all(
        round.map(async (email) => {
          // One client address per person, as for real people: per-client limits do not add up.
          const ask = async () =>
            (
              await request.post('/api/auth/email-login', {
                data: { email },
                headers: { Origin: baseURL, 'X-Forwarded-For': clientAddressOf(email) },
              })
            ).status();
          let status = await ask();
          // nginx's kept connections to the killed instance answer 502 once each (a request
          // that changes something is not passed on twice): the person asks again.
          for (let again = 0; status === 502 && answered >= 100 && again < 3; again += 1) {
            retried += 1;
            status = await ask();
          }
          return status;
        }),
      );
      expect(statuses, `code requests ${String(start)} to ${String(start + 7)}`).toEqual(
        round.map(() => 200),
      );
      answered += round.length;
    }
    // What the killed instance had taken and not yet sent waits out its lease (60 s), then the
    // other instance sends it.
    const ours = async () =>
      (await listMail()).filter((mail) => mail.to.startsWith('massa') && mail.to.includes(run));
    await expect
      .poll(async () => new Set((await ours()).map((mail) => mail.to)).size, {
        timeout: 150_000,
        intervals: [1_000],
      })
      .toBe(200);
    await delayEachMail(0);
    // Each address got one mail: one Message-ID each. A mail the killed instance handed over
    // just before it died and could not record as sent is sent again by the other with the same
    // Message-ID, which the receiving side keys on: that is the one copy SMTP allows.
    const mails = await ours();
    const idsByAddress = new Map<string, Set<string>>();
    for (const mail of mails) {
      expect(mail.messageId, `the Message-ID of the mail to ${mail.to}`).not.toBe('');
      const ids = idsByAddress.get(mail.to) ?? new Set<string>();
      ids.add(mail.messageId);
      idsByAddress.set(mail.to, ids);
    }
    expect([...idsByAddress.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    console.log(
      `200 addresses, ${String(mails.length)} deliveries, ${String(retried)} requests asked again`,
    );
    expect(mails.length).toBeLessThanOrEqual(201);
  });
});
