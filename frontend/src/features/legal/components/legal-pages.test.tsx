import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PrivacyPage } from '@/features/legal/components/privacy-page';
import { TermsPage } from '@/features/legal/components/terms-page';
import { fakeSession } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

describe('the legal pages', () => {
  it('name the organisation the installation is run by', async () => {
    fakeSession(null);
    renderWithProviders(<PrivacyPage />);
    expect(
      await screen.findByText(/Oppasmaatje wordt beheerd door Stichting Oppasmaatje\./),
    ).toBeVisible();
  });

  it('promise the rights the product offers: download and deletion under Instellingen', async () => {
    fakeSession(null);
    const { unmount } = renderWithProviders(<PrivacyPage />);
    expect(await screen.findByText(/Oppasmaatje wordt beheerd door/)).toBeVisible();
    expect(screen.getByText(/Download mijn gegevens/)).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Instellingen' })) {
      expect(link).toHaveAttribute('href', '/instellingen');
    }
    expect(screen.queryByText(/via je dashboard/)).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<TermsPage />);
    expect(await screen.findByText(/beheerd door Stichting Oppasmaatje/)).toBeVisible();
    expect(screen.queryByText(/via je dashboard/)).not.toBeInTheDocument();
    expect(screen.queryByText(/We bekijken nieuwe profielen/)).not.toBeInTheDocument();
  });

  it('name the push services as recipients of encrypted notifications', async () => {
    fakeSession(null);
    renderWithProviders(<PrivacyPage />);
    expect(await screen.findByText(/gaan ze via de pushdienst van je browser/)).toBeVisible();
    expect(screen.getByText(/ontvangt elke melding versleuteld/)).toBeVisible();
    expect(screen.getByText(/Apparaten met meldingen: tot je ze uitzet/)).toBeVisible();
  });

  it('name the three functional cookies and what stays on the device', async () => {
    fakeSession(null);
    renderWithProviders(<PrivacyPage />);
    expect(await screen.findByText('We gebruiken drie functionele cookies:')).toBeVisible();
    expect(screen.getByText(/die ervoor zorgt dat je ingelogd blijft, hooguit 30/)).toBeVisible();
    expect(screen.getByText(/hooguit een dag en verdwijnt zodra je bent ingelogd/)).toBeVisible();
    expect(screen.getByText(/die 90 dagen onthoudt dat je in deze browser/)).toBeVisible();
    expect(screen.getByText(/blijft staan als je uitlogt; er staat geen wachtwoord/)).toBeVisible();
    expect(screen.getByText(/geen analytische, tracking- of advertentiecookies/)).toBeVisible();
    expect(screen.getByText(/welk soort profiel je kiest/)).toBeVisible();
    expect(
      screen.getByText(/bewaart je browser alleen op je apparaat, tot het is verstuurd;/),
    ).toHaveTextContent(/daarna verwijdert hij het\./);
    expect(screen.queryByText(/één cookie/)).not.toBeInTheDocument();
  });
});
