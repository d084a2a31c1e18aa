// What a page tells about the person behind a profile, in words: 'Lid sinds maart 2026',
// 'Vandaag actief', 'Reageert op 90% van de berichten', 'Reageert meestal binnen 2 uur',
// '3 afspraken gehad'. The figures come from the server (GET /api/volunteers/{id} and the others).
import type { components } from '@/lib/api/openapi';
import * as V from '@/lib/api/vocabulary';

export type TrustSignals = components['schemas']['TrustSignalsView'];

const MONTH_YEAR = new Intl.DateTimeFormat('nl-NL', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The lines a page shows, in this order; a figure the server leaves out says nothing. */
export function trustLines(trust: TrustSignals): string[] {
  const lines = [`Lid sinds ${MONTH_YEAR.format(new Date(`${trust.memberSince}-15T12:00:00Z`))}`];
  if (trust.lastActive) lines.push(V.LastActive.labels[trust.lastActive]);
  if (trust.responseRate !== null && trust.responseRate !== undefined) {
    lines.push(`Reageert op ${trust.responseRate}% van de berichten`);
  }
  if (trust.typicalResponseHours !== null && trust.typicalResponseHours !== undefined) {
    const hours = trust.typicalResponseHours;
    lines.push(`Reageert meestal binnen ${hours} uur`);
  }
  const done = trust.completedAfspraken;
  lines.push(
    done === 0
      ? 'Nog geen afspraken gehad'
      : `${done} ${done === 1 ? 'afspraak' : 'afspraken'} gehad`,
  );
  return lines;
}
