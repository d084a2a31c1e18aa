import { screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProfileRedirect, profileTarget } from '@/features/profiles/components/profile-redirect';
import { fakeSession } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

describe('profileTarget', () => {
  it('leads volunteer and pet ids to their pages', () => {
    expect(profileTarget('volunteer-12')).toBe('/vrijwilliger/12');
    expect(profileTarget('pet-30')).toBe('/huisdier/30');
  });

  it('knows no other ids', () => {
    expect(profileTarget('12')).toBeNull();
    expect(profileTarget('pet-abc')).toBeNull();
    expect(profileTarget('owner-4')).toBeNull();
    expect(profileTarget(undefined)).toBeNull();
  });
});

describe('ProfileRedirect', () => {
  it('replaces the address with the volunteer page', async () => {
    fakeSession(null);
    renderWithProviders(<ProfileRedirect id="volunteer-12" />, {
      path: '/profiel/:id',
      url: '/profiel/volunteer-12',
    });

    expect(await screen.findByText('Pagina: /vrijwilliger/12')).toBeInTheDocument();
  });

  it('shows the redirect text while on its way', () => {
    // Rendered without effects, as it stands before the navigation runs.
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ProfileRedirect id="pet-30" />
      </MemoryRouter>,
    );
    expect(html).toContain('Doorverwijzen naar profiel...');
  });

  it('says an unknown profile is not found', () => {
    fakeSession(null);
    renderWithProviders(<ProfileRedirect id="onbekend" />, {
      path: '/profiel/:id',
      url: '/profiel/onbekend',
    });

    expect(
      screen.getByRole('heading', { level: 1, name: 'Profiel niet gevonden' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Het profiel dat je zoekt bestaat niet of is verwijderd.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar profielen' })).toHaveAttribute(
      'href',
      '/profielen',
    );
  });
});
