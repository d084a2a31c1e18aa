import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file the server under test reads its lead over the real clock from (playwright.config.ts). */
function clockFile(): string {
  const dataDir = process.env.OPPAS_E2E_DIR;
  if (!dataDir)
    throw new Error('OPPAS_E2E_DIR is unset: run the suite through playwright.config.ts');
  return join(dataDir, 'clock-ahead-seconds');
}

/**
 * Lets the server's clock run `seconds` ahead of the real one (0: back to real time). Only the
 * server's: the browsers keep their own time, so what a page shows about time must come from the
 * server. Keep it under a day: sessions end after a day without use.
 */
export function setServerClockAhead(seconds: number): void {
  writeFileSync(clockFile(), String(Math.round(seconds)));
}
