import type { BrowseParams } from '@/features/browse/hooks/use-browse-params';

const categories = { huisdier: 'Huisdieren', vrijwilliger: 'Vrijwilligers' } as const;

const dutch = new Intl.NumberFormat('nl-NL');

/** A count as the lines show it: '1.234', or '1.000+' when the server stopped counting. */
export function shownCount(total: number, capped = false): string {
  return `${dutch.format(total)}${capped ? '+' : ''}`;
}

const isOne = (total: number, capped: boolean): boolean => total === 1 && !capped;

/**
 * 'n profiel/profielen gevonden' with the category and the search term appended,
 * and the place and radius when searched near one: e.g. '1 profiel gevonden in Huisdieren
 * voor "bobby" binnen 10 km van 3512'.
 */
export function countLine(total: number, params: BrowseParams, capped = false): string {
  let line = `${shownCount(total, capped)} ${isOne(total, capped) ? 'profiel' : 'profielen'} gevonden`;
  if (params.type) line += ` in ${categories[params.type]}`;
  if (params.q) line += ` voor "${params.q}"`;
  if (params.near) line += ` binnen ${params.radiusKm} km van ${params.near}`;
  return line;
}

/** The result line of /voor-oppassers: '1 lieve huisdier gevonden'. */
export function petCountLine(total: number, capped = false): string {
  return `${shownCount(total, capped)} ${isOne(total, capped) ? 'lieve huisdier' : 'huisdieren'} gevonden`;
}

/** The result line of /voor-baasjes: '2 vrijwilligers gevonden'. */
export function volunteerCountLine(total: number, capped = false): string {
  return `${shownCount(total, capped)} ${isOne(total, capped) ? 'vrijwilliger' : 'vrijwilligers'} gevonden`;
}
