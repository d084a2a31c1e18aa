import { describe, expect, it } from 'vitest';
import { trustLines } from '@/lib/profiles/trust-signals';

describe('trustLines', () => {
  it('says every figure the server sent, in Dutch', () => {
    expect(
      trustLines({
        memberSince: '2026-03',
        lastActive: 'vandaag',
        responseRate: 90,
        typicalResponseHours: 2,
        completedAfspraken: 3,
      }),
    ).toEqual([
      'Lid sinds maart 2026',
      'Vandaag actief',
      'Reageert op 90% van de berichten',
      'Reageert meestal binnen 2 uur',
      '3 afspraken gehad',
    ]);
  });

  it('leaves out what the server leaves out', () => {
    expect(
      trustLines({
        memberSince: '2026-12',
        lastActive: null,
        responseRate: null,
        typicalResponseHours: null,
        completedAfspraken: 1,
      }),
    ).toEqual(['Lid sinds december 2026', '1 afspraak gehad']);
    expect(
      trustLines({
        memberSince: '2025-01',
        lastActive: 'langer',
        responseRate: 0,
        typicalResponseHours: null,
        completedAfspraken: 0,
      }),
    ).toEqual([
      'Lid sinds januari 2025',
      'Langer dan een maand niet actief',
      'Reageert op 0% van de berichten',
      'Nog geen afspraken gehad',
    ]);
  });
});
