import { rmSync } from 'node:fs';

/** Removes the run's temporary database directory made in playwright.config.ts. */
export default function globalTeardown(): void {
  const dir = process.env.OPPAS_E2E_DIR;
  if (dir) {
    rmSync(dir, { recursive: true, force: true });
  }
}
