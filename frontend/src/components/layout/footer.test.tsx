import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from '@/components/layout/footer';
import { aUser, fakeSession } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

describe('Footer', () => {
  it('lists the services as searches for them, the contact address, the legal pages and the postcode attribution', async () => {
    fakeSession(null);
    renderWithProviders(<Footer />);

    const services = screen.getByRole('navigation', { name: 'Diensten' });
    expect(
      within(services)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Hondenoppas', '/profielen?type=vrijwilliger&q=hond'],
      ['Kattenverzorging', '/profielen?type=vrijwilliger&q=kat'],
      ['Uitlaatservice', '/profielen?type=vrijwilliger&q=uitlaten'],
      ['Dagopvang', '/profielen?type=vrijwilliger&q=dagopvang'],
    ]);
    // Plain text is no link.
    expect(screen.getByText('Actief in heel Nederland').closest('a')).toBeNull();
    expect(screen.getByRole('link', { name: 'info@oppasmaatje.nl' })).toHaveAttribute(
      'href',
      'mailto:info@oppasmaatje.nl',
    );
    expect(screen.getByRole('link', { name: 'Algemene voorwaarden' })).toHaveAttribute(
      'href',
      '/voorwaarden',
    );
    expect(screen.getByRole('link', { name: 'Privacyverklaring' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(screen.getByText('Postcodegegevens: GeoNames (CC BY 4.0)')).toBeInTheDocument();

    const email = await screen.findByRole('textbox', { name: 'Je e-mailadres' });
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveValue('');
    expect(email).toHaveAttribute('placeholder', 'Nog niet ingelogd');
  });

  it("shows the signed-in user's e-mail address in the read-only field", async () => {
    fakeSession(aUser({ email: 'anna@example.nl' }));
    renderWithProviders(<Footer />);

    const email = screen.getByRole('textbox', { name: 'Je e-mailadres' });
    await screen.findByDisplayValue('anna@example.nl');
    expect(email).toHaveAttribute('readonly');
  });
});
