import { expect, checkPage, test } from './fixtures';

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
