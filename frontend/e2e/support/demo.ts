import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const frontend = resolve(import.meta.dirname, '../..');

/**
 * The eight demo profiles of crates/domain/src/demo.rs, as the browse tests find them. Names are
 * first names (a card may add the last name) and, but for Bobby, Lotte and Pluis, unique to the
 * demo: the other specs make Bobby, Bobbie, Lotte Jansen, Pluis and Sem, all in Utrecht (3512).
 */
export const demo = {
  pets: {
    bobby: { name: 'Bobby', owner: 'Sanne', place: 'Utrecht', postcode: '3512' },
    luna: { name: 'Luna', owner: 'Mohamed', place: 'Amsterdam', postcode: '1072' },
    guus: { name: 'Guus', owner: 'Els', place: 'Groningen', postcode: '9711' },
    minoes: { name: 'Minoes', owner: 'Noor', place: 'Den Haag', postcode: '2511' },
    pluis: { name: 'Pluis', owner: 'Daan', place: 'Eindhoven', postcode: '5611' },
  },
  volunteers: {
    lotte: { name: 'Lotte', place: 'Haarlem', postcode: '2011' },
    ahmed: { name: 'Ahmed', place: 'Rotterdam', postcode: '3012' },
    fleur: { name: 'Fleur', place: 'Nijmegen', postcode: '6511' },
  },
} as const;

/**
 * Runs the binary playwright.config.ts gives the server with `args`, on the suite's database,
 * as an installation's administrator would.
 */
function runOppas(args: string[]): void {
  const dataDir = process.env.OPPAS_E2E_DIR;
  if (!dataDir) {
    throw new Error('OPPAS_E2E_DIR is unset: run the suite through playwright.config.ts');
  }
  execFileSync(resolve(frontend, process.env.OPPAS_BIN ?? '../target/debug/oppas'), args, {
    cwd: dataDir,
    env: {
      ...process.env,
      OPPAS_ENV: 'test',
      DATABASE_URL: `sqlite://${join(dataDir, 'e2e.db')}`,
      OPPAS_CONFIG_DIR: resolve(frontend, '../config'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 30_000,
  });
}

/**
 * Adds the demo profiles to the suite's database with the binary's own `oppas seed-demo`, the
 * way an installation gets them; safe to repeat (profiles are keyed by e-mail address).
 */
export function seedDemoProfiles(): void {
  runOppas(['seed-demo']);
}

/** Makes the account with this address a moderator with `oppas moderator grant`. */
export function grantModerator(email: string): void {
  runOppas(['moderator', 'grant', email]);
}
