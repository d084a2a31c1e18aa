import { expect, checkPage, test } from './fixtures';
import { pushServiceURL } from './support/endpoints';
import { signUpByMail, uniqueEmail } from './support/session';

// (Typed by hand: these specs are checked without the browser's types.)
interface WorkerWindow {
  navigator: {
    serviceWorker: {
      getRegistration(): Promise<{ active: { state: string } | null } | undefined>;
    };
  };
  caches: {
    keys(): Promise<string[]>;
    open(name: string): Promise<{ keys(): Promise<{ url: string }[]> }>;
  };
}

/** What `/manifest.webmanifest` holds, as far as this test reads it. */
interface Manifest {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; purpose: string }[];
}

test.describe('the app on the home screen', () => {
  test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });

  test('the manifest and the service worker register, Chromium finds the app installable, and after one visit it opens offline to its shell', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    const manifestLink = page.locator('link[rel="manifest"]');
    await expect(manifestLink).toHaveAttribute('href', '/manifest.webmanifest');
    const answer = await page.request.get('/manifest.webmanifest');
    expect(answer.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await answer.json()) as Manifest;
    expect(manifest).toMatchObject({
      short_name: 'Oppasmaatje',
      lang: 'nl',
      start_url: '/dashboard',
      display: 'standalone',
      theme_color: '#c2410c',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of manifest.icons) {
      expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
    }
    // The worker itself is asked for afresh on every visit, so that a new version is found.
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');

    // Registered a few seconds after the page has loaded, and active with the app's files kept.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const { navigator } = globalThis as unknown as WorkerWindow;
            const registration = await navigator.serviceWorker.getRegistration();
            return registration?.active?.state ?? 'none';
          }),
        { timeout: 20_000 },
      )
      .toBe('activated');

    // Chromium's own check of what a browser needs to offer installing the app. The test's
    // browser context is a private window, which Chromium never installs from: that one reason
    // is about the window, every other would be about the app.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);

    // No connection: the app opens from the worker, says it is offline, and keeps its frame.
    await context.setOffline(true);
    await page.goto('/profielen');
    await expect(page.getByRole('heading', { level: 1, name: 'Vind jouw match!' })).toBeVisible();
    // (Chromium's emulated network does not reach a page the worker answered until it is set
    // again: only then does the page read `navigator.onLine` as a phone without signal would.)
    await context.setOffline(false);
    await context.setOffline(true);
    await expect(page.getByText('Je bent offline.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Vind jouw match!' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Oppasmaatje' })).toBeVisible();
    await checkPage(page, 'app-offline-390');

    // Back online: the notice goes, and the next page reads its data from the server.
    await context.setOffline(false);
    await expect(page.getByText('Je bent offline.')).toBeHidden();
    await page.goto('/profielen?type=vrijwilliger');
    await expect(page.getByText(/^\d+ profiel(en)? gevonden/)).toBeVisible({ timeout: 15_000 });

    // An answer of the API is never kept by the worker.
    const kept = await page.evaluate(async () => {
      const { caches } = globalThis as unknown as WorkerWindow;
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
  });
});

/** A subscription the push service stand-in made, as `PushSubscription.toJSON()` gives it. */
interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

/** What the stand-in decrypted for a subscription: the JSON texts the server sent. */
async function decrypted(clientHash: string): Promise<{ title: string; url: string }[]> {
  const answer = await fetch(`${pushServiceURL}/get-notifications`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ clientHash }),
  });
  const body = (await answer.json()) as { data?: { messages?: string[] } };
  return (body.data?.messages ?? []).map(
    (text) => JSON.parse(text) as { title: string; url: string },
  );
}

test.describe('notifications on this device', () => {
  test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });

  test('/instellingen turns them on with the permission granted, sends a test that the push service decrypts, and turns them off', async ({
    page,
    context,
  }) => {
    // A headless Chromium cannot reach its own push service (Google's); the browser's
    // PushManager asks the stand-in for the subscription instead. Everything from there on is
    // real: the app's worker, the server's encryption and signature, the stand-in's decryption.
    const made: StandInSubscription[] = [];
    await context.exposeBinding('pushStandInSubscribe', async (_source, key: string) => {
      const answer = await fetch(`${pushServiceURL}/subscribe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ applicationServerKey: key, userVisibleOnly: 'true' }),
      });
      const { data } = (await answer.json()) as { data: StandInSubscription };
      made.push(data);
      return { endpoint: data.endpoint, keys: data.keys };
    });
    await context.addInitScript(() => {
      const scope = globalThis as unknown as {
        PushManager?: { prototype: Record<string, unknown> };
        pushStandInSubscribe: (key: string) => Promise<{ endpoint: string; keys: object }>;
        btoa(text: string): string;
      };
      if (!scope.PushManager) return;
      let held: object | null = null;
      const base64Url = (bytes: Uint8Array) =>
        scope
          .btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      scope.PushManager.prototype.getSubscription = () => Promise.resolve(held);
      scope.PushManager.prototype.subscribe = async (options: {
        applicationServerKey: Uint8Array;
      }) => {
        const key = new Uint8Array(options.applicationServerKey);
        const json = await scope.pushStandInSubscribe(base64Url(key));
        held = {
          ...json,
          options: { applicationServerKey: key.buffer, userVisibleOnly: true },
          toJSON: () => ({ ...json, expirationTime: null }),
          unsubscribe: () => {
            held = null;
            return Promise.resolve(true);
          },
        };
        return held;
      };
    });
    await context.grantPermissions(['notifications']);

    await signUpByMail(page, {
      firstName: 'Fenna',
      lastName: 'de Vries',
      email: uniqueEmail('meldingen'),
    });
    await page.goto('/instellingen');
    const section = page.getByRole('region', { name: 'Meldingen op dit apparaat' });
    await expect(section.getByText(/Je krijgt een melding bij een nieuw bericht/)).toBeVisible();
    // A double tap turns this device on once, without an error.
    await section.getByRole('button', { name: 'Meldingen aanzetten' }).dblclick();
    await expect(section.getByText('Meldingen staan aan op dit apparaat.')).toBeVisible({
      timeout: 15_000,
    });
    await expect(section.getByText(/\(dit apparaat\)/)).toBeVisible();
    await expect(
      section.getByRole('checkbox', { name: 'Toon het begin van een bericht in de melding' }),
    ).not.toBeChecked();
    await checkPage(page, 'push-settings-on-390');

    await section.getByRole('button', { name: 'Stuur een testmelding' }).click();
    await expect(section.getByText('Testmelding verstuurd.')).toBeVisible();
    expect(made).toHaveLength(1);
    const subscription = made[0];
    if (!subscription) throw new Error('no subscription was made');
    await expect
      .poll(async () => (await decrypted(subscription.clientHash)).map((n) => n.title), {
        timeout: 15_000,
      })
      .toEqual(['Meldingen staan aan']);

    await section.getByRole('button', { name: 'Meldingen uitzetten' }).click();
    await expect(section.getByRole('button', { name: 'Meldingen aanzetten' })).toBeVisible();
    await expect(section.getByText('Apparaten met meldingen')).toBeHidden();
    const settings = (await (await page.request.get('/api/push')).json()) as {
      devices: unknown[];
    };
    expect(settings.devices).toEqual([]);
    await checkPage(page, 'push-settings-off-390');
  });
});
