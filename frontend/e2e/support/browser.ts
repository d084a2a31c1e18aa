import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium, for every suite: Playwright never downloads a browser here. */
export const launchOptions: LaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
