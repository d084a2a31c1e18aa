import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfileWizardPage } from '@/features/profile-wizard/components/profile-wizard-page';
import { aUser, fakeSession, onApi, requests } from '@/testing/fake-api';
import { aVolunteerLookup, anOwnerLookup } from '@/testing/profiles';
import { renderWithProviders } from '@/testing/render';

function renderWizard(url = '/profiel-aanmaken') {
  return renderWithProviders(<ProfileWizardPage />, { path: '/profiel-aanmaken', url });
}

async function expectStep(number: number, title: string, percent: number) {
  expect(await screen.findByText(`Stap ${number} van 5`)).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: `Stap ${number} van 5` })).toHaveAttribute(
    'aria-valuenow',
    String(percent),
  );
}

async function next(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Volgende' }));
}

async function sentBody(method: string, path: string): Promise<Record<string, unknown>> {
  const request = requests.find((r) => r.method === method && new URL(r.url).pathname === path);
  if (!request) throw new Error(`no ${method} ${path}`);
  return (await request.clone().json()) as Record<string, unknown>;
}

/** Someone whose account has no names yet, so that the tests type them. */
const withoutNames = () => aUser({ first_name: null, last_name: null });

describe('ProfileWizardPage', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('walks an owner through five steps with their percentages', async () => {
    const user = userEvent.setup();
    fakeSession(withoutNames());
    renderWizard();

    await expectStep(1, 'Basisgegevens', 20);
    expect(screen.getByRole('button', { name: 'Vorige' })).toBeDisabled();
    await next(user);
    await expectStep(2, 'Details', 40);
    expect(screen.getByRole('button', { name: 'Vorige' })).toBeEnabled();
    await next(user);
    await expectStep(3, 'Extra informatie', 60);
    await next(user);
    await expectStep(4, "Foto's", 80);
    expect(screen.getByText(/JPG, PNG en GIF/)).toHaveTextContent('5 MB');
    await next(user);
    await expectStep(5, 'Eigenaar gegevens', 100);
    expect(screen.queryByRole('button', { name: 'Volgende' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Profiel voltooien' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Vorige' }));
    await expectStep(4, "Foto's", 80);
  });

  it('ends a volunteer with a summary', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('selectedProfileType', 'vrijwilliger');
    fakeSession(withoutNames());
    renderWizard();

    await expectStep(1, 'Basisgegevens', 20);
    expect(screen.getByLabelText('Voornaam *')).toBeInTheDocument();
    await next(user);
    await expectStep(2, 'Details', 40);
    await next(user);
    await expectStep(3, 'Extra informatie', 60);
    await next(user);
    await expectStep(4, "Foto's", 80);
    await next(user);
    await expectStep(5, 'Overzicht', 100);
  });

  it('starts with the names from sign-up and can switch kind until it is saved', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ first_name: 'Noor', last_name: 'Visser' }));
    renderWizard();

    await expectStep(1, 'Basisgegevens', 20);
    const kind = screen.getByRole('group', { name: 'Welk profiel maak je?' });
    expect(within(kind).getByRole('radio', { name: 'Ik zoek een oppas' })).toBeChecked();
    expect(screen.getByLabelText('Naam van je huisdier *')).toBeInTheDocument();

    await user.click(within(kind).getByRole('radio', { name: 'Ik wil oppassen' }));
    expect(await screen.findByLabelText('Voornaam *')).toHaveValue('Noor');
    expect(screen.getByLabelText('Achternaam')).toHaveValue('Visser');
    expect(screen.queryByLabelText('Naam van je huisdier *')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('selectedProfileType')).toBe('vrijwilliger');

    await next(user);
    expect(screen.queryByRole('group', { name: 'Welk profiel maak je?' })).not.toBeInTheDocument();
  });

  it('keeps only the first four digits of a postcode', async () => {
    const user = userEvent.setup();
    fakeSession(withoutNames());
    renderWizard();

    const postcode = await screen.findByLabelText('Postcode (4 cijfers)');
    expect(postcode).toHaveAccessibleDescription('Alleen de eerste 4 cijfers van je postcode');
    await user.type(postcode, '35a1-2 AB99');
    expect(postcode).toHaveValue('3512');
  });

  it('shows required fields on their step when finishing without them', async () => {
    const user = userEvent.setup();
    fakeSession(withoutNames());
    renderWizard();
    await screen.findByText('Stap 1 van 5');
    for (let step = 1; step < 5; step += 1) await next(user);

    await user.click(screen.getByRole('button', { name: 'Profiel voltooien' }));

    // The species and the pet's name come first, on step 1; the owner's first name is checked too.
    await expectStep(1, 'Basisgegevens', 20);
    const species = screen.getByLabelText('Soort dier *');
    expect(species).toHaveAccessibleDescription('Kies wat voor dier je huisdier is.');
    await waitFor(() => {
      expect(species).toHaveFocus();
    });
    const petName = screen.getByLabelText('Naam van je huisdier *');
    expect(petName).toHaveAccessibleDescription('De naam van je huisdier is verplicht');
    await user.selectOptions(species, 'hond');
    await user.type(petName, 'Bobby');
    for (let step = 1; step < 5; step += 1) await next(user);
    await user.click(screen.getByRole('button', { name: 'Profiel voltooien' }));
    expect(await screen.findByLabelText('Voornaam *')).toHaveAccessibleDescription(
      'Voornaam is verplicht',
    );
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('checks a postcode that is too short before saving', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('selectedProfileType', 'vrijwilliger');
    fakeSession(withoutNames());
    renderWizard();

    await user.type(await screen.findByLabelText('Voornaam *'), 'Lotte');
    await user.type(screen.getByLabelText('Postcode (4 cijfers)'), '351');
    for (let step = 1; step < 5; step += 1) await next(user);
    await user.click(screen.getByRole('button', { name: 'Profiel voltooien' }));

    expect(await screen.findByLabelText('Postcode (4 cijfers)')).toHaveAccessibleDescription(
      /Postcode moet uit 4 cijfers bestaan \(bijvoorbeeld: 1234\)\./,
    );
  });

  it('sends an owner profile, keeps a private-free copy and goes to the dashboard', async () => {
    const user = userEvent.setup();
    fakeSession(withoutNames());
    onApi('POST /api/profiles', { status: 201, body: anOwnerLookup() });
    window.localStorage.setItem('selectedProfileType', 'huisdier');
    renderWizard();

    await user.selectOptions(await screen.findByLabelText('Soort dier *'), 'Hond');
    await user.type(screen.getByLabelText('Naam van je huisdier *'), 'Bobby');
    await user.type(screen.getByLabelText('Ras'), 'Labrador');
    await user.type(screen.getByLabelText('Leeftijd'), '3 jaar');
    await user.type(screen.getByLabelText('Woonplaats'), 'Utrecht');
    await user.type(screen.getByLabelText('Postcode (4 cijfers)'), '3512');
    await next(user);
    await user.selectOptions(screen.getByLabelText('Grootte'), 'groot');
    await user.selectOptions(screen.getByLabelText('Geslacht'), 'reu');
    await user.type(screen.getByLabelText('Karakter'), 'Vrolijk');
    await user.type(screen.getByLabelText('Beschrijving'), 'Een lieve hond.');
    await next(user);
    await user.selectOptions(screen.getByLabelText('Gevaccineerd'), 'ja');
    await user.click(screen.getByRole('checkbox', { name: 'Kinderen' }));
    await user.click(screen.getByRole('checkbox', { name: 'Katten' }));
    await next(user);
    await next(user);
    await user.type(screen.getByLabelText('Voornaam *'), 'Sanne');
    await user.type(screen.getByLabelText('Achternaam'), 'de Vries');
    await user.type(screen.getByLabelText('Telefoonnummer'), '06 12345678');
    await user.click(screen.getByRole('button', { name: 'Profiel voltooien' }));

    expect(await screen.findByText('Pagina: /dashboard')).toBeInTheDocument();
    const body = await sentBody('POST', '/api/profiles');
    expect(body).toMatchObject({
      profileType: 'huisdier',
      petSpecies: 'hond',
      petName: 'Bobby',
      petBreed: 'Labrador',
      petAge: '3 jaar',
      location: 'Utrecht',
      postalCode: '3512',
      petSize: 'groot',
      petGender: 'reu',
      petPersonality: 'Vrolijk',
      bio: 'Een lieve hond.',
      petVaccinated: 'ja',
      petGoodWith: ['Kinderen', 'Katten'],
      firstName: 'Sanne',
      lastName: 'de Vries',
      phone: '06 12345678',
      availability: [],
      hourlyRate: null,
      avatarUrl: null,
    });
    expect(window.localStorage.getItem('selectedProfileType')).toBeNull();
    const copy = JSON.parse(window.localStorage.getItem('profileDraftCopy') ?? '{}') as Record<
      string,
      unknown
    >;
    expect(copy).toMatchObject({ petName: 'Bobby', postalCode: '3512' });
    expect(copy).not.toHaveProperty('phone');
    expect(copy).not.toHaveProperty('email');
    expect(copy).not.toHaveProperty('dateOfBirth');
  });

  it('sends a volunteer profile with its lists and numbers', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('selectedProfileType', 'vrijwilliger');
    fakeSession(withoutNames());
    onApi('POST /api/profiles', { status: 201, body: aVolunteerLookup() });
    renderWizard();

    await user.type(await screen.findByLabelText('Voornaam *'), 'Lotte');
    await user.type(screen.getByLabelText('Achternaam'), 'Jansen');
    await user.type(screen.getByLabelText('Postcode (4 cijfers)'), '2011');
    await user.type(screen.getByLabelText('Geboortedatum'), '1990-05-17');
    await next(user);
    await user.type(screen.getByLabelText('Over mij'), 'Ik ben dol op honden.');
    await user.selectOptions(screen.getByLabelText('Ervaring'), 'ervaren');
    await user.click(screen.getByRole('checkbox', { name: 'Weekend overdag' }));
    await user.click(screen.getByRole('checkbox', { name: "Puppy's" }));
    await next(user);
    await user.selectOptions(screen.getByLabelText('Maximale afstand'), '5');
    await user.selectOptions(screen.getByLabelText('Uurtarief'), 'gratis');
    await user.selectOptions(screen.getByLabelText('Heb je zelf huisdieren?'), 'nee');
    await user.selectOptions(screen.getByLabelText('Vervoer'), 'fiets');
    await user.click(screen.getByRole('checkbox', { name: 'Nederlands' }));
    await next(user);
    await next(user);
    expect(screen.getByText('Lotte Jansen')).toBeInTheDocument();
    expect(screen.getByText('5 km')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Profiel voltooien' }));

    expect(await screen.findByText('Pagina: /dashboard')).toBeInTheDocument();
    expect(await sentBody('POST', '/api/profiles')).toMatchObject({
      profileType: 'vrijwilliger',
      firstName: 'Lotte',
      lastName: 'Jansen',
      postalCode: '2011',
      dateOfBirth: '1990-05-17',
      bio: 'Ik ben dol op honden.',
      experience: 'ervaren',
      availability: ['Weekend overdag'],
      specialties: ["Puppy's"],
      maxDistance: 5,
      hourlyRate: 'gratis',
      hasOwnPet: 'nee',
      transportMode: 'fiets',
      languages: ['Nederlands'],
      petName: null,
      petGoodWith: [],
    });
  });

  it("shows the server's 422 on its field and step", async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('selectedProfileType', 'vrijwilliger');
    fakeSession(withoutNames());
    onApi('POST /api/profiles', {
      status: 422,
      body: { error: 'Postcode 9999 kennen we niet.', code: 'invalid_input', field: 'postalCode' },
    });
    renderWizard();

    await user.type(await screen.findByLabelText('Voornaam *'), 'Lotte');
    await user.type(screen.getByLabelText('Postcode (4 cijfers)'), '9999');
    for (let step = 1; step < 5; step += 1) await next(user);
    await user.click(screen.getByRole('button', { name: 'Profiel voltooien' }));

    const postcode = await screen.findByLabelText('Postcode (4 cijfers)');
    await waitFor(() => {
      expect(postcode).toHaveAccessibleDescription(/Postcode 9999 kennen we niet\./);
    });
    expect(screen.getByText('Stap 1 van 5')).toBeInTheDocument();
  });

  it('says so when saving fails', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('selectedProfileType', 'vrijwilliger');
    fakeSession(withoutNames());
    onApi('POST /api/profiles', {
      status: 500,
      body: { error: 'Er ging iets mis.', code: 'internal' },
    });
    renderWizard();

    await user.type(await screen.findByLabelText('Voornaam *'), 'Lotte');
    for (let step = 1; step < 5; step += 1) await next(user);
    await user.click(screen.getByRole('button', { name: 'Profiel voltooien' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Er ging iets mis bij het opslaan van je profiel. Probeer het opnieuw.',
    );
    expect(window.localStorage.getItem('selectedProfileType')).toBe('vrijwilliger');
  });

  it('shows an error with a retry instead of the form to make a profile when the lookup fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeSession(aUser({ id: 7 }));
    onApi('GET /api/profiles/7', { status: 500, body: { error: 'Mis.', code: 'internal' } });
    renderWizard();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oeps, er ging iets mis' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Je profiel kon niet worden geladen.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Profiel aanmaken' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Welk profiel maak je?' })).not.toBeInTheDocument();

    onApi('GET /api/profiles/7', {
      status: 200,
      body: aVolunteerLookup({ user_id: 7, first_name: 'Lotte' }),
    });
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('heading', { name: 'Profiel bewerken' })).toBeInTheDocument();
    expect(screen.getByLabelText('Voornaam *')).toHaveValue('Lotte');
  });

  it("shows an error with a retry in edit mode when the lookup fails, not 'Geen profiel gevonden'", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeSession(aUser({ id: 7 }));
    onApi('GET /api/profiles/7', {
      status: 503,
      body: { error: 'Even niet.', code: 'unavailable' },
    });
    renderWizard('/profiel-aanmaken?mode=edit&type=vrijwilliger');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oeps, er ging iets mis' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Geen profiel gevonden')).not.toBeInTheDocument();

    onApi('GET /api/profiles/7', {
      status: 200,
      body: aVolunteerLookup({ user_id: 7, first_name: 'Lotte' }),
    });
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByLabelText('Voornaam *')).toHaveValue('Lotte');
  });

  it("says 'Geen profiel gevonden' in edit mode only when there is none", async () => {
    fakeSession(aUser({ id: 7 }));
    renderWizard('/profiel-aanmaken?mode=edit&type=vrijwilliger');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Geen profiel gevonden' }),
    ).toBeInTheDocument();
  });

  it('opens edit mode for someone who already has a profile', async () => {
    fakeSession(aUser({ id: 7 }), aVolunteerLookup({ user_id: 7, first_name: 'Lotte' }));
    renderWizard();

    expect(await screen.findByRole('heading', { name: 'Profiel bewerken' })).toBeInTheDocument();
    expect(screen.getByLabelText('Voornaam *')).toHaveValue('Lotte');
  });

  it('prefills edit mode and saves the changes with PUT', async () => {
    const user = userEvent.setup();
    fakeSession(
      aUser({ id: 7 }),
      aVolunteerLookup({
        user_id: 7,
        first_name: 'Lotte',
        postal_code: '2011',
        phone: '0612345678',
        max_distance: 20,
        availability: ['Doordeweeks avond', 'Logeren'],
      }),
    );
    onApi('PUT /api/profiles/7', { status: 200, body: aVolunteerLookup() });
    renderWizard('/profiel-aanmaken?mode=edit&type=vrijwilliger');

    expect(await screen.findByRole('heading', { name: 'Profiel bewerken' })).toBeInTheDocument();
    expect(screen.getByLabelText('Voornaam *')).toHaveValue('Lotte');
    expect(screen.getByLabelText('Postcode (4 cijfers)')).toHaveValue('2011');
    expect(screen.getByLabelText('Telefoonnummer')).toHaveValue('0612345678');
    await next(user);
    expect(screen.getByRole('checkbox', { name: 'Logeren' })).toBeChecked();
    await user.clear(screen.getByLabelText('Over mij'));
    await user.type(screen.getByLabelText('Over mij'), 'Nieuwe tekst.');
    await next(user);
    expect(screen.getByLabelText('Maximale afstand')).toHaveValue('20');
    await next(user);
    await next(user);
    expect(screen.queryByRole('button', { name: 'Profiel voltooien' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Wijzigingen opslaan' }));

    expect(await screen.findByText('Pagina: /dashboard')).toBeInTheDocument();
    expect(await sentBody('PUT', '/api/profiles/7')).toMatchObject({
      profileType: 'vrijwilliger',
      firstName: 'Lotte',
      bio: 'Nieuwe tekst.',
      maxDistance: 20,
      availability: ['Doordeweeks avond', 'Logeren'],
    });
  });

  it('prefills an owner, shows the help they look for, and keeps the fields it does not show', async () => {
    const user = userEvent.setup();
    fakeSession(
      aUser({ id: 8 }),
      anOwnerLookup(
        { name: 'Bobby', cover_image_url: '/uploads/cover.jpg', looking_for: ['Uitlaten'] },
        { user_id: 8, first_name: 'Sanne' },
      ),
    );
    onApi('PUT /api/profiles/8', { status: 500, body: { error: 'x', code: 'internal' } });
    renderWizard('/profiel-aanmaken?mode=edit&type=huisdier');

    expect(await screen.findByLabelText('Naam van je huisdier *')).toHaveValue('Bobby');
    await next(user);
    await next(user);
    const help = screen.getByRole('group', { name: 'Gezochte hulp' });
    expect(within(help).getByRole('checkbox', { name: 'Uitlaten' })).toBeChecked();
    await user.click(within(help).getByRole('checkbox', { name: 'Logeren' }));
    await next(user);
    await next(user);
    expect(screen.getByLabelText('Voornaam *')).toHaveValue('Sanne');
    await user.click(screen.getByRole('button', { name: 'Wijzigingen opslaan' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Er ging iets mis bij het bijwerken van je profiel. Probeer het opnieuw.',
    );
    expect(await sentBody('PUT', '/api/profiles/8')).toMatchObject({
      profileType: 'huisdier',
      petName: 'Bobby',
      coverImageUrl: '/uploads/cover.jpg',
      petLookingFor: ['Uitlaten', 'Logeren'],
    });
  });
});
