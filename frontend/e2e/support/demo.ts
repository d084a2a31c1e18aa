import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { baseURL } from './endpoints';

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
function runOppas(args: string[], log = ''): string {
  const dataDir = process.env.OPPAS_E2E_DIR;
  if (!dataDir) {
    throw new Error('OPPAS_E2E_DIR is unset: run the suite through playwright.config.ts');
  }
  const output = execFileSync(
    resolve(frontend, process.env.OPPAS_BIN ?? '../target/debug/oppas'),
    args,
    {
      cwd: dataDir,
      env: {
        ...process.env,
        OPPAS_ENV: 'test',
        DATABASE_URL: `sqlite://${join(dataDir, 'e2e.db')}`,
        OPPAS_CONFIG_DIR: resolve(frontend, '../config'),
        ...(log ? { RUST_LOG: log } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 30_000,
    },
  );
  // The log's colours out, so that its fields read as `key=value`.
  return output
    .toString('utf8')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
}

/** How many cards the server's first page of all cards counts. */
async function cardsListed(): Promise<number> {
  const page = (await (await fetch(`${baseURL}/api/profiles`)).json()) as { total: number };
  return page.total;
}

/**
 * Adds the demo profiles to the suite's database with the binary's own `oppas seed-demo`, the
 * way an installation gets them; safe to repeat (profiles are keyed by e-mail address). Resolves
 * once the server lists them: it keeps a list it made for ten seconds and does not hear of a
 * write from another process on SQLite, so a spec that looked at /profielen just before would
 * otherwise find the demo missing.
 */
export async function seedDemoProfiles(): Promise<void> {
  const before = await cardsListed();
  const log = runOppas(['seed-demo'], 'info');
  const created = Number(/created=(\d+)/.exec(log)?.[1] ?? Number.NaN);
  if (!Number.isInteger(created)) throw new Error(`seed-demo said nothing of what it made: ${log}`);
  const deadline = Date.now() + 20_000;
  // None is new when an earlier spec seeded them: then nothing is awaited.
  while (created > 0 && (await cardsListed()) < before + created) {
    if (Date.now() > deadline) throw new Error('the server does not list the demo profiles');
    await new Promise((done) => {
      setTimeout(done, 250, null);
    });
  }
}

/** Makes the account with this address a moderator with `oppas moderator grant`. */
export function grantModerator(email: string): void {
  runOppas(['moderator', 'grant', email]);
}
