import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  aPetItem,
  listAnswer,
  listCalls,
  renderAt,
} from '@/features/browse/components/browse-test-utils';
import { VolunteersPage } from '@/features/browse/components/volunteers-page';
import { SEARCH_PER_PAGE } from '@/lib/api/vocabulary';
import { fakeSession, onApi } from '@/testing/fake-api';

function openVolunteersPage(url = '/voor-oppassers') {
  return renderAt(<VolunteersPage />, '/voor-oppassers', url);
}

describe('VolunteersPage', () => {
  it('shows the hero, the benefits, a loading state and then the pets', async () => {
    fakeSession(null);
    onApi(
      'GET /api/profiles',
      listAnswer([aPetItem(), aPetItem({ id: 'pet-31', name: 'Luna', location: 'Amsterdam' })]),
    );
    openVolunteersPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Voor Oppassers' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Zoek een huisdier' })).toHaveAttribute(
      'placeholder',
      'Zoek op naam, locatie of ras...',
    );
    expect(screen.getByRole('button', { name: 'Zoeken' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Huisdieren laden...');

    const benefits = screen.getByRole('region', { name: 'Waarom oppassen via Oppasmaatje?' });
    expect(
      within(benefits)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Gratis vrijwilligersprofiel', 'Jij kiest wanneer', 'Lokale connecties']);

    const pets = screen.getByRole('region', { name: 'Huisdieren die jouw zorg zoeken' });
    expect(await within(pets).findByText('2 huisdieren gevonden')).toBeVisible();
    expect(within(pets).getByRole('link', { name: 'Bekijk profiel van Luna' })).toHaveAttribute(
      'href',
      '/huisdier/31',
    );
    expect(listCalls()[0]?.toString()).toBe(`type=huisdier&page=1&perPage=${SEARCH_PER_PAGE}`);
    expect(document.title).toBe('Voor Oppassers – Oppasmaatje');
  });

  it('opens /profielen with the pets found for the term on Zoeken', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aPetItem(), aPetItem({ id: 'pet-31', name: 'Luna' })]));
    openVolunteersPage();
    await screen.findByText('2 huisdieren gevonden');

    const search = screen.getByRole('search', { name: 'Profielen zoeken' });
    expect(within(search).queryByLabelText('Soort profiel')).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Zoek een huisdier' }), ' bobby ');
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));

    expect(await screen.findByText('Pagina: /profielen?q=bobby&type=huisdier')).toBeInTheDocument();
  });

  it("offers the pets' filters, counted live, and opens /profielen with them", async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aPetItem(), aPetItem({ id: 'pet-31', name: 'Luna' })]));
    openVolunteersPage();
    await screen.findByText('2 huisdieren gevonden');

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(sheet).queryByLabelText('Ervaring')).not.toBeInTheDocument();
    await user.selectOptions(within(sheet).getByLabelText('Grootte'), 'Klein (tot 10 kg)');
    await user.click(await within(sheet).findByRole('button', { name: 'Toon 2 huisdieren' }));
    expect(listCalls().some((call) => call.get('size') === 'klein')).toBe(true);

    expect(
      await screen.findByText('Pagina: /profielen?type=huisdier&size=klein'),
    ).toBeInTheDocument();
  });

  it('counts one lieve huisdier in the singular', async () => {
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aPetItem()]));
    openVolunteersPage();

    expect(await screen.findByText('1 lieve huisdier gevonden')).toBeVisible();
  });

  it('shows an error with a retry', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    onApi('GET /api/profiles', { status: 503, body: { error: 'Even niet', code: 'unavailable' } });
    openVolunteersPage();

    expect(
      await screen.findByRole('heading', { name: 'Oeps, er ging iets mis' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Er ging iets mis bij het laden van de huisdieren')).toBeVisible();

    onApi('GET /api/profiles', listAnswer([aPetItem()]));
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('1 lieve huisdier gevonden')).toBeVisible();
  });

  it('says when there are no pets at all and leads to every profile', async () => {
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([]));
    openVolunteersPage();

    expect(await screen.findByRole('heading', { name: 'Nog geen huisdieren' })).toBeVisible();
    expect(screen.getByText(/Er zoeken op dit moment nog geen huisdieren een oppas/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Alle profielen bekijken' })).toHaveAttribute(
      'href',
      '/profielen',
    );
  });

  it('ends with links to sign up and to every profile', () => {
    fakeSession(null);
    onApi('GET /api/profiles', listAnswer([aPetItem()]));
    openVolunteersPage();

    const cta = screen.getByRole('region', { name: 'Klaar om een huisdier blij te maken?' });
    expect(within(cta).getByRole('link', { name: 'Profiel Aanmaken' })).toHaveAttribute(
      'href',
      '/registreren',
    );
    expect(within(cta).getByRole('link', { name: 'Alle Profielen Bekijken' })).toHaveAttribute(
      'href',
      '/profielen',
    );
  });
});
