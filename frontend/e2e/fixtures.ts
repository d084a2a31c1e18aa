import { AxeBuilder } from '@axe-core/playwright';
import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';
import { tiles } from './support/endpoints';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A 1×1 PNG in the colour of land on a map: every tile the stand-in serves. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48eQOAAVgAqnWTRlUAAAAAElFTkSuQmCC',
  'base64',
);

/**
 * A browser context that reaches only this machine: map tiles come from the stand-in above, any
 * other request (a provider's picture) is aborted at once, so nothing waits on the network and
 * nothing leaks out. Every test's own context has it; a test that opens another context calls it
 * too.
 */
export async function loopbackOnly(context: BrowserContext): Promise<void> {
  await context.route('**/*', async (route) => {
    const { protocol, hostname } = new URL(route.request().url());
    if (hostname === tiles.host) {
      await route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
      return;
    }
    const local = (protocol === 'http:' || protocol === 'https:') && LOOPBACK.has(hostname);
    await (local ? route.continue() : route.abort('blockedbyclient'));
  });
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await loopbackOnly(context);
    await use(context);
  },
  // The server's Content-Security-Policy is strict (no inline scripts or style elements); a page
  // that breaks it fails its test instead of silently losing a script or a style.
  page: async ({ page }, use) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
        violations.push(message.text());
      }
    });
    await use(page);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
});

export { expect };

/** Fails on serious and critical WCAG 2.x A/AA violations, listing each with its elements. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

/** The checks every page gets: axe, then a full-page screenshot for people to look at. */
export async function checkPage(page: Page, name: string): Promise<void> {
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, name);
}

/** Full-page screenshot kept as a CI artifact (e2e-artifacts/ is git-ignored). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `e2e-artifacts/${name}.png`, fullPage: true });
}
