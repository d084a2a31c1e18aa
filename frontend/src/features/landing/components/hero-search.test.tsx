import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HeroSearch } from '@/features/landing/components/hero-search';
import { fakeSession } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

describe('HeroSearch', () => {
  it('leads to the nearest sitters, or with the other choice to the nearest pets', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    renderWithProviders(<HeroSearch />);
    await user.type(screen.getByLabelText('Postcode of plaats'), ' 3512 ');
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(
      await screen.findByText('Pagina: /profielen?type=vrijwilliger&near=3512'),
    ).toBeInTheDocument();
  });

  it('searches the pets for someone who wants to sit, and everywhere without a place', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    renderWithProviders(<HeroSearch />);
    await user.click(screen.getByRole('radio', { name: 'Ik wil oppassen' }));
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(await screen.findByText('Pagina: /profielen?type=huisdier')).toBeInTheDocument();
  });
});
