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

  it('promise only the rights people can exercise today: by asking, not by a button', async () => {
    fakeSession(null);
    const { unmount } = renderWithProviders(<PrivacyPage />);
    expect(await screen.findByText(/Oppasmaatje wordt beheerd door/)).toBeVisible();
    expect(screen.queryByText(/Download mijn gegevens/)).not.toBeInTheDocument();
    expect(screen.queryByText(/via je dashboard/)).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<TermsPage />);
    expect(await screen.findByText(/beheerd door Stichting Oppasmaatje/)).toBeVisible();
    expect(screen.queryByText(/via je dashboard/)).not.toBeInTheDocument();
    expect(screen.queryByText(/We bekijken nieuwe profielen/)).not.toBeInTheDocument();
  });
});
