import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ProfileWizardPage,
  SAVE_FAILED,
} from '@/features/profile-wizard/components/profile-wizard-page';
import { aUser, fakeSession, onApi, requests } from '@/testing/fake-api';
import { aPet, aVolunteerLookup, anOwner, anOwnerLookup } from '@/testing/profiles';
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

/** Exactly the fewest characters a sitter writes about herself (VOLUNTEER_BIO_MIN). */
const FIFTY = 'Ik pas al jaren op honden en katten in de buurt.ë!';

/** A sitter's first step, as it must be filled in to go on. */
async function fillSitterBasics(user: UserEvent, postcode = '2011') {
  await user.type(await screen.findByLabelText('Voornaam *'), 'Lotte');
  await user.type(screen.getByLabelText(/^Woonplaats( \*)?$/), 'Haarlem');
  await user.type(screen.getByLabelText(/^Postcode \(4 cijfers\)( \*)?$/), postcode);
}

/** A sitter's steps up to the summary, with the minimum filled in. */
async function walkSitterToSummary(user: UserEvent, postcode = '2011') {
  await fillSitterBasics(user, postcode);
  await next(user);
  await user.type(await screen.findByLabelText(/^Over mij( \*)?$/), FIFTY);
  for (let step = 2; step < 5; step += 1) await next(user);
  await expectStep(5, 'Overzicht', 100);
}

describe('ProfileWizardPage', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('walks an owner through five steps with their percentages', async () => {
    const user = userEvent.setup();
    fakeSession(withoutNames());
    renderWizard();

    await expectStep(1, 'Basisgegevens', 20);
    expect(screen.getByRole('button', { name: 'Vorige' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Soort dier *'), 'hond');
    await user.type(screen.getByLabelText('Naam van je huisdier *'), 'Bobby');
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
    await walkSitterToSummary(user);
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

    await user.type(screen.getByLabelText(/^Woonplaats( \*)?$/), 'Haarlem');
    await user.type(screen.getByLabelText(/^Postcode \(4 cijfers\)( \*)?$/), '2011');
    await next(user);
    expect(screen.queryByRole('group', { name: 'Welk profiel maak je?' })).not.toBeInTheDocument();
  });

  it('keeps only the first four digits of a postcode', async () => {
    const user = userEvent.setup();
    fakeSession(withoutNames());
    renderWizard();

    const postcode = await screen.findByLabelText(/^Postcode \(4 cijfers\)( \*)?$/);
    expect(postcode).toHaveAccessibleDescription('Alleen de eerste 4 cijfers van je postcode');
    await user.type(postcode, '35a1-2 AB99');
    expect(postcode).toHaveValue('3512');
  });

  it("checks each step's own fields on 'Volgende' and puts focus on the first wrong one", async () => {
    const user = userEvent.setup();
    fakeSession(withoutNames());
    renderWizard();
    await expectStep(1, 'Basisgegevens', 20);

    await next(user);
    // Still step 1: the species and the pet's name come first.
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
    const postcode = screen.getByLabelText(/^Postcode \(4 cijfers\)( \*)?$/);
    await user.type(postcode, '351');
    await next(user);
    await expectStep(1, 'Basisgegevens', 20);
    expect(petName).not.toHaveAccessibleDescription('De naam van je huisdier is verplicht');
    expect(postcode).toHaveAccessibleDescription(
      /Postcode moet uit 4 cijfers bestaan \(bijvoorbeeld: 1234\)\./,
    );
    await waitFor(() => {
      expect(postcode).toHaveFocus();
    });

    await user.type(postcode, '2');
    await next(user);
    await expectStep(2, 'Details', 40);
    for (let step = 2; step < 5; step += 1) await next(user);
    await expectStep(5, 'Eigenaar gegevens', 100);
    await user.click(screen.getByRole('button', { name: 'Profiel voltooien' }));
    // The last step's own field, shown where it is.
    const firstName = await screen.findByLabelText('Voornaam *');
    expect(firstName).toHaveAccessibleDescription('Voornaam is verplicht');
    await waitFor(() => {
      expect(firstName).toHaveFocus();
    });
    expect(screen.getByText('Stap 5 van 5')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it("asks a sitter for a place, a postcode and 50 characters 'Over mij' on their steps", async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('selectedProfileType', 'vrijwilliger');
    fakeSession(withoutNames());
    renderWizard();

    await user.type(await screen.findByLabelText('Voornaam *'), 'Lotte');
    await next(user);
    await expectStep(1, 'Basisgegevens', 20);
    const place = screen.getByLabelText(/^Woonplaats( \*)?$/);
    expect(place).toHaveAccessibleDescription('Vul je woonplaats in.');
    expect(screen.getByLabelText(/^Postcode \(4 cijfers\)( \*)?$/)).toHaveAccessibleDescription(
      /Vul je postcode in\./,
    );
    await waitFor(() => {
      expect(place).toHaveFocus();
    });
    await user.type(place, 'Haarlem');
    await user.type(screen.getByLabelText(/^Postcode \(4 cijfers\)( \*)?$/), '2011');
    await next(user);

    await expectStep(2, 'Details', 40);
    const about = screen.getByLabelText(/^Over mij( \*)?$/);
    await user.type(about, FIFTY.slice(0, -1));
    await next(user);
    await expectStep(2, 'Details', 40);
    expect(about).toHaveAccessibleDescription(/Schrijf minstens 50 tekens over jezelf\./);
    await waitFor(() => {
      expect(about).toHaveFocus();
    });
    await user.type(about, '!');
    await next(user);
    await expectStep(3, 'Extra informatie', 60);
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
    await user.type(screen.getByLabelText(/^Woonplaats( \*)?$/), 'Utrecht');
    await user.type(screen.getByLabelText(/^Postcode \(4 cijfers\)( \*)?$/), '3512');
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

    await fillSitterBasics(user);
    await user.type(screen.getByLabelText('Achternaam'), 'Jansen');
    await user.type(screen.getByLabelText('Geboortedatum'), '1990-05-17');
    await next(user);
    await user.type(screen.getByLabelText(/^Over mij( \*)?$/), FIFTY);
    await user.selectOptions(screen.getByLabelText('Ervaring'), 'ervaren');
    await user.click(screen.getByRole('checkbox', { name: 'Weekend overdag' }));
    await user.click(screen.getByRole('checkbox', { name: "Puppy's" }));
    await next(user);
    await user.selectOptions(screen.getByLabelText('Maximale afstand'), '5');
    await user.selectOptions(screen.getByLabelText('Uurtarief'), 'gratis');
    await user.selectOptions(screen.getByLabelText('Eigen huisdieren'), 'nee');
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
      location: 'Haarlem',
      postalCode: '2011',
      dateOfBirth: '1990-05-17',
      bio: FIFTY,
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

    await walkSitterToSummary(user, '9999');
    await user.click(screen.getByRole('button', { name: 'Profiel voltooien' }));

    // Back on the postcode's own step, with the server's text at the field and focus on it.
    const postcode = await screen.findByLabelText(/^Postcode \(4 cijfers\)( \*)?$/);
    await waitFor(() => {
      expect(postcode).toHaveAccessibleDescription(/Postcode 9999 kennen we niet\./);
    });
    expect(screen.getByText('Stap 1 van 5')).toBeInTheDocument();
    await waitFor(() => {
      expect(postcode).toHaveFocus();
    });
  });

  it('says so when saving fails', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('selectedProfileType', 'vrijwilliger');
    fakeSession(withoutNames());
    onApi('POST /api/profiles', {
      status: 500,
      body: { error: 'Er ging iets mis.', code: 'internal_error' },
    });
    renderWizard();

    await walkSitterToSummary(user);
    await user.click(screen.getByRole('button', { name: 'Profiel voltooien' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Er ging iets mis bij het opslaan van je profiel. Probeer het opnieuw.',
    );
    expect(window.localStorage.getItem('selectedProfileType')).toBe('vrijwilliger');
  });

  it("sends 'Profiel voltooien' again after a failure under the same idempotency key", async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('selectedProfileType', 'vrijwilliger');
    fakeSession(withoutNames());
    const keys: (string | null)[] = [];
    onApi('POST /api/profiles', (request) => {
      keys.push(request.headers.get('Idempotency-Key'));
      // The first answer is lost to a failing server; the retry is the same intent.
      return keys.length === 1
        ? { status: 503, body: { error: 'Even niet beschikbaar.', code: 'service_unavailable' } }
        : { status: 201, body: aVolunteerLookup() };
    });
    renderWizard();

    await walkSitterToSummary(user);
    await user.click(screen.getByRole('button', { name: 'Profiel voltooien' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SAVE_FAILED);
    await user.click(screen.getByRole('button', { name: 'Profiel voltooien' }));

    expect(await screen.findByText('Pagina: /dashboard')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows an error with a retry instead of the form to make a profile when the lookup fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeSession(aUser({ id: 7 }));
    onApi('GET /api/profiles/7', { status: 500, body: { error: 'Mis.', code: 'internal_error' } });
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
    expect(screen.getByLabelText(/^Postcode \(4 cijfers\)( \*)?$/)).toHaveValue('2011');
    expect(screen.getByLabelText('Telefoonnummer')).toHaveValue('0612345678');
    await next(user);
    expect(screen.getByRole('checkbox', { name: 'Logeren' })).toBeChecked();
    await user.clear(screen.getByLabelText(/^Over mij( \*)?$/));
    await user.type(screen.getByLabelText(/^Over mij( \*)?$/), `Nieuwe tekst. ${FIFTY}`);
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
      bio: `Nieuwe tekst. ${FIFTY}`,
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
    onApi('PUT /api/profiles/8', { status: 500, body: { error: 'x', code: 'internal_error' } });
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

  it('keeps what was typed through a reload until it is saved', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('selectedProfileType', 'vrijwilliger');
    fakeSession(withoutNames());
    onApi('POST /api/profiles', { status: 201, body: aVolunteerLookup() });
    const first = renderWizard();
    await fillSitterBasics(user);
    await next(user);
    await user.type(await screen.findByLabelText(/^Over mij( \*)?$/), 'Ik wandel graag');
    first.unmount();

    // A reload: a new page over the same tab's session storage.
    renderWizard();
    await expectStep(2, 'Details', 40);
    expect(screen.getByLabelText(/^Over mij( \*)?$/)).toHaveValue('Ik wandel graag');
    await user.click(screen.getByRole('button', { name: 'Vorige' }));
    expect(await screen.findByLabelText(/^Woonplaats( \*)?$/)).toHaveValue('Haarlem');
    expect(screen.getByLabelText(/^Postcode \(4 cijfers\)( \*)?$/)).toHaveValue('2011');
    const key = `oppas.profileDraft:${String(withoutNames().id)}:create`;
    expect(window.sessionStorage.getItem(key)).toContain('Ik wandel graag');
    // The other mode keeps nothing of it.
    expect(window.sessionStorage.getItem(key.replace(':create', ':edit'))).toBeNull();

    await next(user);
    await user.type(screen.getByLabelText(/^Over mij( \*)?$/), FIFTY);
    for (let step = 2; step < 5; step += 1) await next(user);
    await user.click(screen.getByRole('button', { name: 'Profiel voltooien' }));
    expect(await screen.findByText('Pagina: /dashboard')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(key)).toBeNull();
  });

  it('keeps nothing of a visit that changed nothing', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }), aVolunteerLookup({ user_id: 7, first_name: 'Lotte' }));
    renderWizard('/profiel-aanmaken?mode=edit&type=vrijwilliger');
    expect(await screen.findByLabelText('Voornaam *')).toHaveValue('Lotte');
    await next(user);
    await expectStep(2, 'Details', 40);
    expect(window.sessionStorage.getItem('oppas.profileDraft:7:edit')).toBeNull();
  });

  it("forgets the kept draft on 'Annuleren' and keeps no photo", async () => {
    const user = userEvent.setup();
    fakeSession(
      aUser({ id: 7 }),
      aVolunteerLookup({ user_id: 7, first_name: 'Lotte', avatar_url: '/uploads/oud.jpg' }),
    );
    const first = renderWizard('/profiel-aanmaken?mode=edit&type=vrijwilliger');
    const name = await screen.findByLabelText('Voornaam *');
    await user.clear(name);
    await user.type(name, 'Lot');
    const key = 'oppas.profileDraft:7:edit';
    const kept = JSON.parse(window.sessionStorage.getItem(key) ?? '{}') as {
      values?: Record<string, unknown>;
    };
    expect(kept.values?.firstName).toBe('Lot');
    expect(kept.values).not.toHaveProperty('avatarUrl');
    first.unmount();

    renderWizard('/profiel-aanmaken?mode=edit&type=vrijwilliger');
    expect(await screen.findByLabelText('Voornaam *')).toHaveValue('Lot');
    await user.click(screen.getByRole('button', { name: 'Annuleren' }));
    expect(await screen.findByText('Pagina: /dashboard')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(key)).toBeNull();
  });

  it('lets an owner with several pets pick the one to edit and sends which', async () => {
    const user = userEvent.setup();
    const lookup = anOwnerLookup(
      { id: 30, name: 'Bobby', cover_image_url: '/uploads/bobby-breed.jpg' },
      { id: 4, user_id: 8, first_name: 'Sanne' },
    );
    fakeSession(aUser({ id: 8 }), lookup);
    onApi('GET /api/owners/4', {
      status: 200,
      body: {
        hidden: false,
        owner: anOwner({ id: 4, user_id: 8 }),
        pets: [
          aPet({ id: 30, name: 'Bobby', owner_id: 4, user_id: 8 }),
          aPet({
            id: 31,
            name: 'Luna',
            owner_id: 4,
            user_id: 8,
            breed: 'Maine Coon',
            cover_image_url: '/uploads/luna-breed.jpg',
          }),
        ],
      },
    });
    onApi('PUT /api/profiles/8', { status: 200, body: lookup });
    renderWizard('/profiel-aanmaken?mode=edit&type=huisdier');

    const pick = await screen.findByLabelText('Welk huisdier bewerk je?');
    expect(pick).toHaveValue('30');
    expect(screen.getByLabelText('Naam van je huisdier *')).toHaveValue('Bobby');
    await user.selectOptions(pick, '31');
    expect(screen.getByLabelText('Naam van je huisdier *')).toHaveValue('Luna');
    expect(screen.getByLabelText('Ras')).toHaveValue('Maine Coon');
    await user.clear(screen.getByLabelText('Ras'));
    await user.type(screen.getByLabelText('Ras'), 'Noorse boskat');
    for (let step = 1; step < 5; step += 1) await next(user);
    await user.click(screen.getByRole('button', { name: 'Wijzigingen opslaan' }));

    expect(await screen.findByText('Pagina: /dashboard')).toBeInTheDocument();
    expect(await sentBody('PUT', '/api/profiles/8')).toMatchObject({
      petId: 31,
      petName: 'Luna',
      petBreed: 'Noorse boskat',
      coverImageUrl: '/uploads/luna-breed.jpg',
      firstName: 'Sanne',
    });
  });
});
