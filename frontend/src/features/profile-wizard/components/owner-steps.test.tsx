import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProfileWizardPage } from '@/features/profile-wizard/components/profile-wizard-page';
import { aUser, fakeSession, onApi, requests } from '@/testing/fake-api';
import { anOwnerLookup } from '@/testing/profiles';
import { renderWithProviders } from '@/testing/render';

function renderOwnerWizard() {
  window.localStorage.setItem('selectedProfileType', 'huisdier');
  return renderWithProviders(<ProfileWizardPage />, {
    path: '/profiel-aanmaken',
    url: '/profiel-aanmaken',
  });
}

async function next(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Volgende' }));
}

async function previous(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Vorige' }));
}

/** The labels of a drop-down's choices, without its empty choice, once the step shows it. */
async function choices(label: string): Promise<string[]> {
  const select = await screen.findByLabelText(label);
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent)
    .filter((text) => text !== 'Maak een keuze');
}

/** The labels of a group's checkboxes, once the step shows it. */
async function boxes(legend: string): Promise<string[]> {
  const group = await screen.findByRole('group', { name: legend });
  return within(group)
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent ?? '');
}

describe('the pet steps of the wizard', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('ask the species first and offer the sex, sizes and help that fit it', async () => {
    const user = userEvent.setup();
    fakeSession(aUser());
    renderOwnerWizard();

    const species = await screen.findByLabelText('Soort dier *');
    // Asked before the name: the steps after it follow the answer.
    const petName = screen.getByLabelText('Naam van je huisdier *');
    expect(
      species.compareDocumentPosition(petName) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(await choices('Soort dier *')).toContain('Paard of pony');

    await user.selectOptions(species, 'Kat');
    // Each step is checked on 'Volgende': the name is needed to go on.
    await user.type(petName, 'Minoes');
    await next(user);
    expect(await choices('Geslacht')).toEqual(['Kater', 'Poes']);
    expect(await choices('Grootte')).toEqual(['Klein (tot 10 kg)', 'Middel (10-25 kg)']);
    await next(user);
    expect(await boxes('Gezochte hulp')).not.toContain('Uitlaten');
    expect(await boxes('Gezochte hulp')).toContain('Huisbezoek (voeren en verzorgen)');
    expect(await boxes('Kan goed overweg met')).toEqual([
      'Kinderen',
      'Honden',
      'Andere katten',
      'Kleine dieren',
    ]);

    await previous(user);
    await previous(user);
    await user.selectOptions(screen.getByLabelText('Soort dier *'), 'Vis');
    await next(user);
    expect(screen.queryByLabelText('Grootte')).not.toBeInTheDocument();
    expect(await choices('Geslacht')).toEqual(['Mannetje', 'Vrouwtje']);

    await previous(user);
    await user.selectOptions(screen.getByLabelText('Soort dier *'), 'Hond');
    await next(user);
    expect(await choices('Geslacht')).toEqual(['Reu', 'Teef']);
    expect(await choices('Grootte')).toHaveLength(3);
    await next(user);
    expect(await boxes('Gezochte hulp')).toContain('Uitlaten');
  });

  it('do not send help chosen for an earlier species', async () => {
    const user = userEvent.setup();
    fakeSession(aUser());
    onApi('POST /api/profiles', { status: 201, body: anOwnerLookup() });
    renderOwnerWizard();

    await user.selectOptions(await screen.findByLabelText('Soort dier *'), 'Hond');
    await user.type(screen.getByLabelText('Naam van je huisdier *'), 'Minoes');
    await next(user);
    await user.selectOptions(screen.getByLabelText('Grootte'), 'groot');
    await next(user);
    await user.click(screen.getByRole('checkbox', { name: 'Uitlaten' }));
    await user.click(screen.getByRole('checkbox', { name: 'Logeren' }));
    await previous(user);
    await previous(user);
    await user.selectOptions(screen.getByLabelText('Soort dier *'), 'Kat');
    for (let step = 1; step < 5; step += 1) await next(user);
    await user.click(screen.getByRole('button', { name: 'Profiel voltooien' }));

    await screen.findByText('Pagina: /dashboard');
    const request = requests.find((r) => r.method === 'POST');
    const body = (await request?.clone().json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      petSpecies: 'kat',
      petSize: null,
      petLookingFor: ['Logeren'],
    });
  });
});
