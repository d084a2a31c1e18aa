import { describe, expect, it } from 'vitest';
import {
  defaultSort,
  filtersFor,
  NO_FILTERS,
  readBrowseParams,
  sortFor,
  writeBrowseParams,
} from '@/features/browse/hooks/use-browse-params';

describe('browse params', () => {
  it('keeps nearest first only near a place, and knows the default either way', () => {
    expect(sortFor('afstand', '')).toBeNull();
    expect(sortFor('afstand', '3512')).toBe('afstand');
    expect(sortFor('recent-actief', '')).toBe('recent-actief');
    expect(defaultSort('')).toBe('aanbevolen');
    expect(defaultSort('3512')).toBe('afstand');
    expect(readBrowseParams(new URLSearchParams('sort=afstand')).sort).toBeNull();
    expect(readBrowseParams(new URLSearchParams('sort=recent-actief')).sort).toBe('recent-actief');
    expect(readBrowseParams(new URLSearchParams('sort=zomaar')).sort).toBeNull();
  });

  it('drops the filters another kind carries: a sitter has no size, a pet no offer', () => {
    const all = { ...NO_FILTERS, species: 'kat', size: 'klein', offers: 'Uitlaten' } as const;
    expect(filtersFor('vrijwilliger', all)).toEqual({
      ...NO_FILTERS,
      species: 'kat',
      offers: 'Uitlaten',
    });
    expect(filtersFor('huisdier', all)).toEqual({ ...NO_FILTERS, species: 'kat', size: 'klein' });
    expect(filtersFor(null, all)).toEqual(all);
  });

  it('writes an address that reads back the same', () => {
    const search = new URLSearchParams('q=kat&type=huisdier&size=klein&sort=recent-actief&page=2');
    expect(writeBrowseParams(readBrowseParams(search)).toString()).toBe(search.toString());
  });
});
