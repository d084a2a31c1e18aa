import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { ProfileListItem, ProfileListPage } from '@/features/browse/api/types';
import { SEARCH_PER_PAGE } from '@/lib/api/vocabulary';
import { requests, type FakeResponse } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

// Test helpers of the browse pages: list items as the server sends them, the list calls made,
// and the address the page is at.

/** A volunteer in the list as the server returns one; override what a test is about. */
export function aVolunteerItem(overrides: Partial<ProfileListItem> = {}): ProfileListItem {
  return {
    id: 'volunteer-12',
    type: 'vrijwilliger',
    name: 'Lotte Jansen',
    location: 'Haarlem',
    shortDescription: 'Ik ben dol op honden en loop graag lange rondjes.',
    fullDescription: 'Ik ben dol op honden en loop graag lange rondjes door de Haarlemmerhout.',
    avatarUrl: null,
    coverImageUrl: null,
    isNew: false,
    distanceKm: null,
    mapPoint: { lat: 52.3812, lon: 4.6361 },
    ownerInfo: null,
    details: { ervaring: 'ervaren', beschikbaar: ['Weekend overdag'] },
    availability: ['Uitlaten'],
    referenceCount: 0,
    helpNeeded: null,
    ...overrides,
  };
}

/** A pet in the list, with its owner. */
export function aPetItem(overrides: Partial<ProfileListItem> = {}): ProfileListItem {
  return {
    id: 'pet-30',
    type: 'huisdier',
    name: 'Bobby',
    location: 'Utrecht',
    shortDescription: 'Bobby houdt van lange wandelingen.',
    fullDescription: 'Bobby houdt van lange wandelingen in het Wilhelminapark.',
    avatarUrl: null,
    coverImageUrl: null,
    isNew: false,
    distanceKm: null,
    mapPoint: { lat: 52.0916, lon: 5.1228 },
    ownerInfo: { id: 4, name: 'Sanne de Vries', avatarUrl: null },
    details: { ras: 'Labrador', leeftijd: '3 jaar' },
    availability: null,
    referenceCount: 0,
    helpNeeded: null,
    ...overrides,
  };
}

/** A 200 answer of the list call. */
export function listAnswer(
  profiles: ProfileListItem[],
  page: Partial<Omit<ProfileListPage, 'profiles'>> = {},
): FakeResponse {
  return {
    status: 200,
    body: {
      profiles,
      total: profiles.length,
      totalCapped: false,
      page: 1,
      perPage: SEARCH_PER_PAGE,
      ...page,
    },
  };
}

/** The query strings of every list call the page made, in order. */
export function listCalls(): URLSearchParams[] {
  return requests
    .map((request) => new URL(request.url))
    .filter((url) => url.pathname === '/api/profiles')
    .map((url) => url.searchParams);
}

/** Shows the page's address (path and query) so tests can read it as a user would the bar. */
function AddressBar() {
  const { pathname, search } = useLocation();
  return (
    <p>
      Adres: {pathname}
      {search}
    </p>
  );
}

/** The address the page is at now, e.g. `/profielen?q=bobby`. */
export function currentAddress(): string {
  return screen.getByText(/^Adres: /).textContent.replace(/^Adres: /, '');
}

/** Renders a browse page at `url` with an address bar under it. */
export function renderAt(page: ReactNode, path: string, url: string = path) {
  return renderWithProviders(
    <>
      {page}
      <AddressBar />
    </>,
    { path, url },
  );
}
