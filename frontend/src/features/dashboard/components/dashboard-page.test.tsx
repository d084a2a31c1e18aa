import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { aUser, fakeSession } from '@/testing/fake-api';
import { aVolunteerLookup, anOwnerLookup } from '@/testing/profiles';
import { renderWithProviders } from '@/testing/render';

function renderDashboard() {
  return renderWithProviders(<DashboardPage />, { path: '/dashboard' });
}

function tile(label: string) {
  const overview = screen.getByRole('list', { name: 'Overzicht' });
  const item = within(overview)
    .getAllByRole('listitem')
    .find((li) => within(li).queryByText(label) !== null);
  if (!item) throw new Error(`no tile ${label}`);
  return item;
}

describe('DashboardPage', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('shows a spinner while the profile is looked up', async () => {
    fakeSession(aUser(), aVolunteerLookup());
    renderDashboard();

    expect(await screen.findByRole('status')).toHaveTextContent('Laden...');
    await screen.findByRole('heading', { name: /Welkom terug/ });
  });

  it.each([
    ['Ik zoek een oppas', 'huisdier'],
    ['Ik wil oppassen', 'vrijwilliger'],
  ])('without a profile, %s stores %s and opens the wizard', async (choice, type) => {
    const user = userEvent.setup();
    fakeSession(aUser());
    renderDashboard();

    await user.click(await screen.findByRole('button', { name: choice }));

    expect(window.localStorage.getItem('selectedProfileType')).toBe(type);
    expect(await screen.findByText('Pagina: /profiel-aanmaken')).toBeInTheDocument();
  });

  it('offers both choices and no tiles without a profile', async () => {
    fakeSession(aUser());
    renderDashboard();

    expect(await screen.findByRole('button', { name: 'Ik zoek een oppas' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ik wil oppassen' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Overzicht' })).not.toBeInTheDocument();
  });

  it('welcomes a sitter with tiles, recent activity and links', async () => {
    fakeSession(aUser({ first_name: 'Anna' }), aVolunteerLookup());
    renderDashboard();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welkom terug, Anna!' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('(tijdelijke sessie)')).not.toBeInTheDocument();
    expect(tile('Berichten')).toHaveTextContent('0');
    expect(tile('Favorieten')).toHaveTextContent('0');
    expect(tile('Profielweergaven')).toHaveTextContent('0');
    expect(tile('Profielstatus')).toHaveTextContent('Vrijwilliger');
    expect(screen.getByRole('heading', { name: 'Recente activiteit' })).toBeInTheDocument();
    expect(screen.getByText(/Nog geen activiteit/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Berichten' })).toHaveAttribute('href', '/berichten');
    expect(screen.getByRole('link', { name: 'Profielen bekijken' })).toHaveAttribute(
      'href',
      '/profielen',
    );
    expect(screen.getByRole('link', { name: 'Profiel bewerken' })).toHaveAttribute(
      'href',
      '/profiel-aanmaken?mode=edit&type=vrijwilliger',
    );
  });

  it('shows an owner the status Huisdier and an edit link for that type', async () => {
    fakeSession(aUser({ id: 8 }), anOwnerLookup({}, { user_id: 8 }));
    renderDashboard();

    await screen.findByRole('heading', { name: /Welkom terug/ });
    expect(tile('Profielstatus')).toHaveTextContent('Huisdier');
    expect(screen.getByRole('link', { name: 'Profiel bewerken' })).toHaveAttribute(
      'href',
      '/profiel-aanmaken?mode=edit&type=huisdier',
    );
  });

  it('labels a temporary session and greets by the e-mail without a name', async () => {
    fakeSession(
      aUser({ first_name: null, email: 'pim@example.nl', temporary: true }),
      aVolunteerLookup(),
    );
    renderDashboard();

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Welkom terug, pim!');
    expect(heading).toHaveTextContent('(tijdelijke sessie)');
  });
});
