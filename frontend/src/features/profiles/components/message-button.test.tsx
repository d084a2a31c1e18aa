import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageButton } from '@/features/profiles/components/message-button';
import { OwnerPage } from '@/features/profiles/components/owner-page';
import { PetPage } from '@/features/profiles/components/pet-page';
import { VolunteerPage } from '@/features/profiles/components/volunteer-page';
import { aUser, fakeSession, onApi, requests, type FakeResponse } from '@/testing/fake-api';
import { aPet, anOwner, anOwnerLookup, aVolunteer, aVolunteerLookup } from '@/testing/profiles';
import { renderWithProviders } from '@/testing/render';
import { Viewer } from '@/testing/viewer';

vi.mock('@/components/map/leaflet-map', () => ({
  LeafletMap: ({ name }: { name: string }) => <p>Kaart van {name}</p>,
}));

const PROFILE_REQUIRED =
  'Je moet eerst je profiel aanmaken voordat je berichten kunt sturen. Je wordt nu doorgestuurd naar het dashboard om je profiel af te ronden.';

/** The viewer: user 99, a sitter unless a test says otherwise. */
function signIn(lookup = aVolunteerLookup({ id: 40, user_id: 99 })) {
  fakeSession(aUser({ id: 99 }), lookup);
}

/** The button alone on a sitter's page, writing to user 7 about no pet. */
function renderButton(failure?: string) {
  onApi('GET /api/map', { status: 200, body: { tileUrl: null } });
  return renderWithProviders(
    <MessageButton targetUserId={7} petFor={() => null} {...(failure ? { failure } : {})} />,
    { path: '/vrijwilliger/:volunteerId', url: '/vrijwilliger/12' },
  );
}

/** What the page asked to start, in order. */
async function startRequests(): Promise<unknown[]> {
  const posts = requests.filter(
    (request) => request.method === 'POST' && request.url.endsWith('/api/conversations'),
  );
  return Promise.all(posts.map((request) => request.clone().json()));
}

function answerStart(answer: FakeResponse | (() => Promise<FakeResponse>)) {
  onApi('POST /api/conversations', typeof answer === 'function' ? answer : () => answer);
}

/** The 'Geen profiel' dialog says why, and its button leads to the dashboard. */
async function confirmProfileRequired(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Geen profiel' });
  expect(dialog).toHaveTextContent(PROFILE_REQUIRED);
  const button = within(dialog).getByRole('button', { name: 'Naar het dashboard' });
  // The page behind waits: the dialog is modal and holds the focus.
  expect(dialog).toHaveAttribute('open');
  expect(screen.queryByText(/^Pagina:/)).not.toBeInTheDocument();
  await user.click(button);
  expect(await screen.findByText('Pagina: /dashboard')).toBeInTheDocument();
}

describe('MessageButton', () => {
  beforeEach(() => {
    // No browser alert is ever used: the dialog is part of the page.
    vi.spyOn(window, 'alert').mockImplementation(() => {
      throw new Error('window.alert was called');
    });
  });

  it('sends a visitor to sign in, to come back to the profile', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    renderButton();

    await user.click(await screen.findByRole('link', { name: 'Bericht sturen' }));

    expect(
      await screen.findByText('Pagina: /inloggen?next=%2Fvrijwilliger%2F12'),
    ).toBeInTheDocument();
  });

  it('shows nothing on the profile of the person who is signed in', async () => {
    fakeSession(aUser({ id: 7 }));
    renderWithProviders(
      <>
        <Viewer />
        <MessageButton targetUserId={7} petFor={() => null} />
      </>,
    );

    expect(await screen.findByText('Ingelogd als 7')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bericht sturen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bericht sturen' })).not.toBeInTheDocument();
  });

  it('without an own profile says so in a dialog and goes to the dashboard, starting nothing', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 99 }));
    renderButton();

    await user.click(await screen.findByRole('button', { name: 'Bericht sturen' }));

    await confirmProfileRequired(user);
    expect(await startRequests()).toEqual([]);
  });

  it('leads to the dashboard too when the dialog is closed with Escape', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 99 }));
    renderButton();

    await user.click(await screen.findByRole('button', { name: 'Bericht sturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Geen profiel' });
    fireEvent(dialog, new Event('cancel', { cancelable: true }));

    expect(await screen.findByText('Pagina: /dashboard')).toBeInTheDocument();
  });

  it('treats a failing check of the own profile the same way as having none', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeSession(aUser({ id: 99 }));
    onApi('GET /api/profiles/99', { status: 500, body: { error: 'Mis.', code: 'internal_error' } });
    renderButton();

    await user.click(await screen.findByRole('button', { name: 'Bericht sturen' }));

    await confirmProfileRequired(user);
    expect(await startRequests()).toEqual([]);
  });

  it('treats a refusal for want of a profile the same way', async () => {
    const user = userEvent.setup();
    signIn();
    answerStart({
      status: 400,
      body: {
        error: 'Je moet eerst je profiel aanmaken voordat je berichten kunt sturen.',
        code: 'profile_required',
      },
    });
    renderButton();

    await user.click(await screen.findByRole('button', { name: 'Bericht sturen' }));

    await confirmProfileRequired(user);
  });

  it('reads Gesprek starten... and stays off while busy, then opens the conversation', async () => {
    const user = userEvent.setup();
    signIn();
    let answer: (response: FakeResponse) => void = () => undefined;
    answerStart(
      () =>
        new Promise<FakeResponse>((resolve) => {
          answer = resolve;
        }),
    );
    renderButton();

    await user.click(await screen.findByRole('button', { name: 'Bericht sturen' }));

    const busy = await screen.findByRole('button', { name: 'Gesprek starten...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    answer({ status: 200, body: { conversationId: 55 } });

    expect(await screen.findByText('Pagina: /berichten?conversation=55')).toBeInTheDocument();
    expect(await startRequests()).toEqual([{ targetUserId: 7, petId: null }]);
    const start = requests.find((request) => request.url.endsWith('/api/conversations'));
    expect(start?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    [
      "the server's text",
      {
        status: 429,
        body: {
          error:
            'Je hebt het afgelopen uur al veel nieuwe gesprekken gestart. Probeer het later opnieuw.',
          code: 'too_many_requests',
        },
      },
      'Je hebt het afgelopen uur al veel nieuwe gesprekken gestart. Probeer het later opnieuw.',
    ],
    [
      'the general text for an answer without one',
      { status: 502 },
      'Er ging iets mis bij het starten van het gesprek. Probeer het opnieuw.',
    ],
    [
      'its own text for an answer without a conversation',
      { status: 200, body: {} },
      'Er ging iets mis bij het aanmaken van het gesprek. Probeer het opnieuw.',
    ],
  ])('shows %s when starting fails', async (_case, response, text) => {
    const user = userEvent.setup();
    signIn();
    answerStart(response);
    renderButton();

    await user.click(await screen.findByRole('button', { name: 'Bericht sturen' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Bericht sturen' })).toBeEnabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the general text when the network fails', async () => {
    const user = userEvent.setup();
    signIn();
    answerStart(() => Promise.reject(new TypeError('Failed to fetch')));
    renderButton();

    await user.click(await screen.findByRole('button', { name: 'Bericht sturen' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Er ging iets mis bij het starten van het gesprek. Probeer het opnieuw.',
    );
  });
});

describe('whom Bericht sturen writes to', () => {
  beforeEach(() => {
    onApi('GET /api/map', { status: 200, body: { tileUrl: null } });
    answerStart({ status: 200, body: { conversationId: 5 } });
  });

  it('on a pet page: the owner, about that pet', async () => {
    const user = userEvent.setup();
    signIn();
    onApi('GET /api/pets/30', {
      status: 200,
      body: { pet: aPet({ id: 30, user_id: 8 }), owner: anOwner({ user_id: 8 }) },
    });
    renderWithProviders(<PetPage petId={30} />, { path: '/huisdier/:petId', url: '/huisdier/30' });

    await user.click(await screen.findByRole('button', { name: 'Bericht sturen' }));

    expect(await screen.findByText('Pagina: /berichten?conversation=5')).toBeInTheDocument();
    expect(await startRequests()).toEqual([{ targetUserId: 8, petId: 30 }]);
  });

  it('on a pet page, a failure says to try later', async () => {
    const user = userEvent.setup();
    signIn();
    answerStart(() => Promise.reject(new TypeError('Failed to fetch')));
    onApi('GET /api/pets/30', { status: 200, body: { pet: aPet(), owner: anOwner() } });
    renderWithProviders(<PetPage petId={30} />, { path: '/huisdier/:petId', url: '/huisdier/30' });

    await user.click(await screen.findByRole('button', { name: 'Bericht sturen' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Er ging iets mis bij het starten van het gesprek. Probeer het later opnieuw.',
    );
  });

  it("on a sitter's page viewed by an owner: the sitter, about the owner's first pet", async () => {
    const user = userEvent.setup();
    signIn(anOwnerLookup({ id: 61 }, { user_id: 99 }));
    onApi('GET /api/volunteers/12', {
      status: 200,
      body: { volunteer: aVolunteer({ id: 12, user_id: 7 }) },
    });
    renderWithProviders(<VolunteerPage volunteerId={12} />, {
      path: '/vrijwilliger/:volunteerId',
      url: '/vrijwilliger/12',
    });

    await user.click(await screen.findByRole('button', { name: 'Bericht sturen' }));

    expect(await screen.findByText('Pagina: /berichten?conversation=5')).toBeInTheDocument();
    expect(await startRequests()).toEqual([{ targetUserId: 7, petId: 61 }]);
  });

  it("on a sitter's page viewed by an owner: about the pet they pick, or none", async () => {
    const user = userEvent.setup();
    signIn(anOwnerLookup({ id: 61 }, { id: 3, user_id: 99 }));
    onApi('GET /api/owners/3', {
      status: 200,
      body: {
        owner: anOwner({ id: 3, user_id: 99 }),
        pets: [aPet({ id: 61, name: 'Bobby' }), aPet({ id: 62, name: 'Luna' })],
      },
    });
    onApi('GET /api/volunteers/12', {
      status: 200,
      body: { volunteer: aVolunteer({ id: 12, user_id: 7 }) },
    });
    renderWithProviders(<VolunteerPage volunteerId={12} />, {
      path: '/vrijwilliger/:volunteerId',
      url: '/vrijwilliger/12',
    });

    const choice = await screen.findByRole('combobox', { name: 'Over welk huisdier?' });
    expect(choice).toHaveValue('61');
    expect(
      within(choice).getByRole('option', { name: 'Geen huisdier in het bijzonder' }),
    ).toBeInTheDocument();
    await user.selectOptions(choice, 'Luna');
    await user.click(screen.getByRole('button', { name: 'Bericht sturen' }));

    expect(await screen.findByText('Pagina: /berichten?conversation=5')).toBeInTheDocument();
    expect(await startRequests()).toEqual([{ targetUserId: 7, petId: 62 }]);
  });

  it("on a sitter's page viewed by another sitter: the sitter, about no pet", async () => {
    const user = userEvent.setup();
    signIn();
    onApi('GET /api/volunteers/12', {
      status: 200,
      body: { volunteer: aVolunteer({ id: 12, user_id: 7 }) },
    });
    renderWithProviders(<VolunteerPage volunteerId={12} />, {
      path: '/vrijwilliger/:volunteerId',
      url: '/vrijwilliger/12',
    });

    await user.click(await screen.findByRole('button', { name: 'Bericht sturen' }));

    expect(await screen.findByText('Pagina: /berichten?conversation=5')).toBeInTheDocument();
    expect(await startRequests()).toEqual([{ targetUserId: 7, petId: null }]);
  });

  it("on an owner's page: the owner, about no pet in particular", async () => {
    const user = userEvent.setup();
    signIn();
    onApi('GET /api/owners/4', {
      status: 200,
      body: { owner: anOwner({ id: 4, user_id: 8 }), pets: [aPet()] },
    });
    renderWithProviders(<OwnerPage ownerId={4} />, {
      path: '/eigenaar/:ownerId',
      url: '/eigenaar/4',
    });

    await user.click(await screen.findByRole('button', { name: 'Bericht sturen' }));

    expect(await screen.findByText('Pagina: /berichten?conversation=5')).toBeInTheDocument();
    expect(await startRequests()).toEqual([{ targetUserId: 8, petId: null }]);
  });
});
