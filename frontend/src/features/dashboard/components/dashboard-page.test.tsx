import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APPOINTMENTS_FAILED,
  NO_PAST,
  NO_UPCOMING,
} from '@/features/appointments/components/appointments-overview';
import { DashboardPage, DashboardSkeleton } from '@/features/dashboard/components/dashboard-page';
import type { Appointment } from '@/lib/messaging/appointments';
import { aUser, fakeSession, onApi, type FakeResponse } from '@/testing/fake-api';
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

/** Nothing new: no conversations, no favourites of one's cards. */
function quietActivity() {
  onApi('GET /api/conversations', { status: 200, body: { conversations: [] } });
  onApi('GET /api/favourites/received', {
    status: 200,
    body: { since: '2026-11-20T12:00:00Z', cards: [] },
  });
}

const conversation = {
  id: 31,
  name: 'Lotte',
  otherUserId: 12,
  isOnline: false,
  lastMessage: 'Past zaterdag?',
  lastMessageIsOwn: false,
  lastMessageTime: '2026-11-26T09:00:00Z',
  petName: 'Bobby',
  unreadCount: 2,
};

/** An afspraak as the API describes one; override what a test is about. */
function anAppointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: 1,
    conversationId: 31,
    proposerId: 8,
    recipientId: 12,
    kind: 'uitlaten',
    pets: [],
    startsAt: '2026-12-05T09:00:00Z',
    endsAt: '2026-12-05T10:00:00Z',
    note: null,
    state: 'geaccepteerd',
    reason: null,
    replaces: null,
    started: false,
    tookPlace: false,
    warning: null,
    care: [],
    createdAt: '2026-11-26T09:00:00Z',
    ...overrides,
  };
}

beforeEach(() => {
  onApi('GET /api/appointments', { status: 200, body: { upcoming: [], past: [], awaitingAnswer: [] } });
});

describe('the afspraken on the dashboard', () => {
  it('lists those to come, with whose answer a proposal waits for, and those that took place', async () => {
    fakeSession(aUser({ id: 8 }), anOwnerLookup({}, { user_id: 8 }));
    quietActivity();
    onApi('GET /api/conversations', {
      status: 200,
      body: { conversations: [{ ...conversation, unreadCount: 0 }] },
    });
    onApi('GET /api/appointments', {
      status: 200,
      body: {
        upcoming: [
          anAppointment(),
          anAppointment({ id: 2, kind: 'logeren', state: 'voorgesteld' }),
          anAppointment({ id: 3, state: 'voorgesteld', proposerId: 12, recipientId: 8 }),
        ],
        past: [anAppointment({ id: 4, kind: 'kennismaking', state: 'afgerond' })],
        awaitingAnswer: [],
      },
    });
    renderDashboard();

    const upcoming = await screen.findByRole('list', { name: 'Komende afspraken' });
    const lines = within(upcoming)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines[0]).toMatch(/^Uitlaten met Lotte.*Geaccepteerd$/);
    expect(lines[1]).toMatch(/^Logeren bij de oppas met Lotte.*Voorgesteld, wacht op Lotte$/);
    expect(lines[2]).toMatch(/Voorgesteld door Lotte: geef antwoord in het gesprek$/);
    expect(within(upcoming).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      '/berichten?conversation=31',
    );
    const past = screen.getByRole('list', { name: 'Eerdere afspraken' });
    expect(within(past).getByRole('link').textContent).toBe('Kennismaking met Lotte');
  });

  it("ask under 'Eerdere afspraken' whether one took place, and no longer once answered", async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 8 }), anOwnerLookup({}, { user_id: 8 }));
    quietActivity();
    onApi('GET /api/conversations', {
      status: 200,
      body: { conversations: [{ ...conversation, unreadCount: 0 }] },
    });
    let awaiting = [4];
    onApi('GET /api/appointments', () => ({
      status: 200,
      body: {
        upcoming: [],
        past: [
          anAppointment({ id: 4, kind: 'kennismaking', state: 'afgerond' }),
          anAppointment({ id: 5, kind: 'uitlaten', state: 'afgerond' }),
        ],
        awaitingAnswer: awaiting,
      },
    }));
    const answers: unknown[] = [];
    onApi('POST /api/appointments/4/outcome', async (request) => {
      answers.push(await request.json());
      awaiting = [];
      return { status: 204 };
    });
    renderDashboard();

    const past = await screen.findByRole('list', { name: 'Eerdere afspraken' });
    const [first, second] = within(past).getAllByRole('listitem');
    if (!first || !second) throw new Error('two afspraken');
    const question = within(first).getByRole('group', { name: 'Is de afspraak doorgegaan?' });
    expect(within(second).queryByRole('group')).not.toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Nee, de ander kwam niet' }));
    expect(answers).toEqual([{ outcome: 'niet-gekomen' }]);
    await waitFor(() => {
      expect(screen.queryByRole('group', { name: 'Is de afspraak doorgegaan?' })).not.toBeInTheDocument();
    });
  });

  it('come right under the greeting, before the activity and the links', async () => {
    fakeSession(aUser({ id: 8, first_name: 'Anna' }), anOwnerLookup({}, { user_id: 8 }));
    quietActivity();
    renderDashboard();

    await screen.findByText(NO_UPCOMING);
    const outline = screen
      .getAllByRole('heading')
      .map((heading) => `${heading.tagName} ${heading.textContent}`);
    expect(outline.slice(0, 4)).toEqual([
      'H1 Welkom terug, Anna!',
      'H2 Afspraken',
      'H3 Komende afspraken',
      'H3 Eerdere afspraken',
    ]);
    expect(outline.slice(4).every((line) => line.startsWith('H2 '))).toBe(true);
    expect(outline).toContain('H2 Recente activiteit');
    // The search for a sitter comes first of all links, under the greeting.
    const search = screen.getByRole('link', { name: 'Zoek een oppas' });
    expect(search).toHaveAttribute('href', '/voor-baasjes');
    expect(screen.getAllByRole('link')[0]).toBe(search);
  });

  it('offers to try again when they cannot be read, and then says there are none yet', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 8 }), anOwnerLookup({}, { user_id: 8 }));
    quietActivity();
    let answers = 0;
    onApi('GET /api/appointments', () => {
      answers += 1;
      return answers === 1
        ? { status: 500, body: { error: 'Er ging iets mis.', code: 'internal_error' } }
        : { status: 200, body: { upcoming: [], past: [], awaitingAnswer: [] } };
    });
    renderDashboard();

    const section = await screen.findByRole('region', { name: 'Afspraken' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(APPOINTMENTS_FAILED);
    await user.click(within(section).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await within(section).findByText(NO_UPCOMING)).toBeInTheDocument();
    expect(within(section).getByText(NO_PAST)).toBeInTheDocument();
  });
});

describe('DashboardPage', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it("lists unread messages and how many kept one's cards this week, never who", async () => {
    fakeSession(aUser({ id: 8 }), anOwnerLookup({}, { user_id: 8 }));
    const asked: string[] = [];
    onApi('GET /api/conversations', {
      status: 200,
      body: {
        conversations: [
          conversation,
          { ...conversation, id: 32, name: 'Piet', petName: null, unreadCount: 1 },
          { ...conversation, id: 33, name: 'Kees', unreadCount: 0 },
        ],
      },
    });
    onApi('GET /api/favourites/received', (request) => {
      asked.push(new URL(request.url).searchParams.get('since') ?? '');
      return {
        status: 200,
        body: {
          since: '2026-11-20T12:00:00Z',
          cards: [
            { listingId: 'pet-3', name: 'Bobby', count: 2 },
            { listingId: 'pet-4', name: 'Guus', count: 1 },
          ],
        },
      };
    });
    renderDashboard();

    const list = await screen.findByRole('list', { name: 'Recente activiteit' }, { timeout: 5000 });
    const lines = within(list).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      '2 nieuwe berichten van Lotte over BobbyPast zaterdag?',
      'Nieuw bericht van PietPast zaterdag?',
      '2 mensen bewaarden Bobby als favoriet deze weekWie dat zijn, blijft privé.',
      '1 persoon bewaarde Guus als favoriet deze weekWie dat zijn, blijft privé.',
    ]);
    expect(
      within(list).getByRole('link', { name: '2 nieuwe berichten van Lotte over Bobby' }),
    ).toHaveAttribute('href', '/berichten?conversation=31');
    // The week before the page opened, asked once.
    expect(asked).toHaveLength(1);
    const weekAgo = Date.parse(asked[0] ?? '');
    expect(Date.now() - weekAgo).toBeGreaterThanOrEqual(7 * 24 * 60 * 60 * 1000);
    expect(Date.now() - weekAgo).toBeLessThan(7 * 24 * 60 * 60 * 1000 + 60_000);
  });

  it('shows at most four lines, unread messages first', async () => {
    fakeSession(aUser({ id: 9 }), aVolunteerLookup({ user_id: 9 }));
    onApi('GET /api/conversations', {
      status: 200,
      body: {
        conversations: [1, 2, 3, 4].map((n) => ({
          ...conversation,
          id: n,
          name: `Baasje ${String(n)}`,
        })),
      },
    });
    onApi('GET /api/favourites/received', {
      status: 200,
      body: {
        since: '2026-11-20T12:00:00Z',
        cards: [{ listingId: 'volunteer-9', name: 'Anna', count: 3 }],
      },
    });
    renderDashboard();

    const list = await screen.findByRole('list', { name: 'Recente activiteit' }, { timeout: 5000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(list).queryByText(/als favoriet/)).not.toBeInTheDocument();
  });

  it('shows the conversations of the week that are all read, after the unread and the favourites', async () => {
    fakeSession(aUser({ id: 9 }), aVolunteerLookup({ user_id: 9 }));
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    onApi('GET /api/conversations', {
      status: 200,
      body: {
        conversations: [
          {
            ...conversation,
            unreadCount: 0,
            lastMessageIsOwn: true,
            lastMessage: 'Zaterdag kan ik!',
            lastMessageTime: hoursAgo(2),
          },
          {
            ...conversation,
            id: 32,
            name: 'Piet',
            petName: null,
            unreadCount: 0,
            lastMessageTime: hoursAgo(24 * 9),
          },
        ],
      },
    });
    onApi('GET /api/favourites/received', {
      status: 200,
      body: { since: '2026-11-20T12:00:00Z', cards: [] },
    });
    renderDashboard();

    const list = await screen.findByRole('list', { name: 'Recente activiteit' }, { timeout: 5000 });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Gesprek met Lotte over BobbyJij: Zaterdag kan ik!']);
    expect(
      within(list).getByRole('link', { name: 'Gesprek met Lotte over Bobby' }),
    ).toHaveAttribute('href', '/berichten?conversation=31');
  });

  it("words a sitter's own card as je profiel", async () => {
    fakeSession(aUser({ id: 9 }), aVolunteerLookup({ user_id: 9 }));
    onApi('GET /api/conversations', { status: 200, body: { conversations: [] } });
    onApi('GET /api/favourites/received', {
      status: 200,
      body: {
        since: '2026-11-20T12:00:00Z',
        cards: [{ listingId: 'volunteer-9', name: 'Anna', count: 3 }],
      },
    });
    renderDashboard();

    expect(
      await screen.findByText('3 mensen bewaarden je profiel als favoriet deze week'),
    ).toBeInTheDocument();
  });

  it('says when the activity cannot be loaded and loads it again on request', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeSession(aUser({ id: 9 }), aVolunteerLookup({ user_id: 9 }));
    onApi('GET /api/conversations', { status: 200, body: { conversations: [] } });
    onApi('GET /api/favourites/received', {
      status: 500,
      body: { error: 'Er ging iets mis.', code: 'internal_error' },
    });
    onApi('GET /api/users/me/settings', { status: 200, body: { messageEmails: true } });
    renderDashboard();

    const activity = await screen.findByRole('region', { name: 'Recente activiteit' });
    expect(await within(activity).findByRole('alert')).toHaveTextContent(
      'Je recente activiteit kon niet worden geladen.',
    );
    onApi('GET /api/favourites/received', {
      status: 200,
      body: {
        since: '2026-11-20T12:00:00Z',
        cards: [{ listingId: 'volunteer-9', name: 'Anna', count: 1 }],
      },
    });
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(
      await screen.findByText('1 persoon bewaarde je profiel als favoriet deze week'),
    ).toBeInTheDocument();
  });

  it('keeps the overview in place while the profile is looked up', async () => {
    fakeSession(aUser({ id: 4, first_name: 'Anna' }));
    let answer: (response: FakeResponse) => void = () => undefined;
    onApi('GET /api/profiles/4', () => new Promise((resolve) => (answer = resolve)));
    renderDashboard();

    // Loading: the greeting, the tiles, the activity box and the links, grey where data comes.
    const heading = await screen.findByRole('heading', { level: 1, name: /Welkom terug, Anna/ });
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Laden...');
    const tilesLoading = within(screen.getByRole('list', { name: 'Overzicht' })).getAllByRole(
      'listitem',
    );
    expect(tilesLoading).toHaveLength(4);
    expect(tile('Profielstatus')).toHaveTextContent('–');
    const activity = screen.getByRole('region', { name: 'Recente activiteit' });
    expect(within(activity).getByRole('status', { name: 'Activiteit laden...' })).toBeVisible();
    expect(screen.getByText('Profiel bewerken')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('region', { name: 'Meldingen' })).toBeInTheDocument();

    answer({ status: 200, body: aVolunteerLookup({ user_id: 4 }) });

    // Loaded: the same elements, filled in.
    await vi.waitFor(() => {
      expect(tile('Profielstatus')).toHaveTextContent('Vrijwilliger');
    });
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    expect(screen.getByRole('region', { name: 'Recente activiteit' })).toBe(activity);
    expect(screen.getByRole('link', { name: 'Profiel bewerken' })).toBeInTheDocument();
  });

  it("shows the page's layout before it is known who is signed in", () => {
    renderWithProviders(<DashboardSkeleton />);

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welkom terug, !');
    expect(
      within(screen.getByRole('list', { name: 'Overzicht' })).getAllByRole('listitem'),
    ).toHaveLength(4);
    expect(screen.getByRole('heading', { name: 'Recente activiteit' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Activiteit laden...' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'E-mail bij nieuwe berichten' })).toBeDisabled();
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

  it.each([
    [
      'a server error',
      { status: 500, body: { error: 'Er ging iets mis.', code: 'internal_error' } },
    ],
    ['a network failure', null],
  ])(
    'shows an error with a retry, never the choices to make a profile, after %s',
    async (_, answer) => {
      const user = userEvent.setup();
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      fakeSession(aUser({ id: 7 }));
      onApi('GET /api/profiles/7', () => {
        if (answer === null) throw new TypeError('Failed to fetch');
        return answer;
      });
      onApi('GET /api/unread', { status: 200, body: { unreadCount: 0 } });
      renderDashboard();

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Oeps, er ging iets mis' }),
      ).toBeInTheDocument();
      expect(screen.getByText('Je profiel kon niet worden geladen.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Ik zoek een oppas' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Ik wil oppassen' })).not.toBeInTheDocument();

      onApi('GET /api/profiles/7', { status: 200, body: aVolunteerLookup({ user_id: 7 }) });
      await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
      expect(await screen.findByRole('heading', { name: /Welkom terug/ })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Ik zoek een oppas' })).not.toBeInTheDocument();
    },
  );

  it("says 'Je profiel is opgeslagen' after an edit, politely, and only when sent here so", async () => {
    fakeSession(aUser({ first_name: 'Anna' }), aVolunteerLookup());
    quietActivity();
    onApi('GET /api/unread', { status: 200, body: { unreadCount: 0 } });
    const saved = renderWithProviders(<DashboardPage />, {
      path: '/dashboard',
      state: { notice: 'Je profiel is opgeslagen' },
    });
    const notice = (await screen.findByText('Je profiel is opgeslagen')).closest('[role="status"]');
    expect(notice).toHaveAttribute('aria-live', 'polite');
    saved.unmount();

    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Welkom terug');
    expect(screen.queryByText('Je profiel is opgeslagen')).not.toBeInTheDocument();
  });

  it('welcomes a sitter with tiles, recent activity and links', async () => {
    fakeSession(aUser({ first_name: 'Anna' }), aVolunteerLookup());
    quietActivity();
    onApi('GET /api/unread', { status: 200, body: { unreadCount: 0 } });
    onApi('GET /api/favourites', {
      status: 200,
      body: { profiles: [{ id: 'pet-3' }, { id: 'volunteer-9' }] },
    });
    onApi('GET /api/views', { status: 200, body: { views: 17, days: 30 } });
    renderDashboard();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welkom terug, Anna!' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('(tijdelijke sessie)')).not.toBeInTheDocument();
    await vi.waitFor(() => {
      expect(tile('Berichten')).toHaveTextContent('0 ongelezen');
    });
    await vi.waitFor(() => {
      expect(tile('Favorieten')).toHaveTextContent('Favorieten2');
    });
    expect(screen.getByRole('link', { name: 'Favorieten' })).toHaveAttribute('href', '/favorieten');
    await vi.waitFor(() => {
      expect(tile('Profielweergaven')).toHaveTextContent('Profielweergaven17 laatste 30 dagen');
    });
    expect(tile('Profielstatus')).toHaveTextContent('Vrijwilliger');
    expect(screen.getByRole('heading', { name: 'Recente activiteit' })).toBeInTheDocument();
    expect(await screen.findByText(/Nog geen activiteit/)).toBeInTheDocument();
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

    await vi.waitFor(() => {
      expect(tile('Profielstatus')).toHaveTextContent('Huisdier');
    });
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

  it('counts the unread messages on the Berichten tile', async () => {
    fakeSession(aUser(), aVolunteerLookup());
    onApi('GET /api/unread', { status: 200, body: { unreadCount: 3 } });
    renderDashboard();

    await screen.findByRole('heading', { name: /Welkom terug/ });
    await vi.waitFor(() => {
      expect(tile('Berichten')).toHaveTextContent('3 ongelezen');
    });
  });
});

describe('the setting for e-mails about new messages', () => {
  beforeEach(() => {
    quietActivity();
  });

  /** The switch, once the stored choice is known (it is there, disabled, while loading). */
  async function loadedBox() {
    const box = await screen.findByRole('checkbox', { name: 'E-mail bij nieuwe berichten' });
    await vi.waitFor(() => {
      expect(box).toBeEnabled();
    });
    return box;
  }

  it('shows the stored setting and saves a change with a visible outcome', async () => {
    const user = userEvent.setup();
    fakeSession(aUser(), aVolunteerLookup());
    onApi('GET /api/users/me/settings', { status: 200, body: { messageEmails: true } });
    const sent: unknown[] = [];
    onApi('PUT /api/users/me/settings', async (request) => {
      const body: unknown = await request.json();
      sent.push(body);
      return { status: 200, body };
    });
    renderDashboard();

    const box = await loadedBox();
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription(/nieuw bericht voor je is terwijl je Oppasmaatje niet/);

    await user.click(box);

    expect(await screen.findByText('Opgeslagen')).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(sent).toEqual([{ messageEmails: false }]);
  });

  it('says when saving failed and shows the stored setting again', async () => {
    const user = userEvent.setup();
    fakeSession(aUser(), aVolunteerLookup());
    onApi('GET /api/users/me/settings', { status: 200, body: { messageEmails: false } });
    onApi('PUT /api/users/me/settings', {
      status: 500,
      body: { error: 'Er ging iets mis.', code: 'internal_error' },
    });
    renderDashboard();

    const box = await loadedBox();
    await user.click(box);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Opslaan mislukt. Probeer het opnieuw.',
    );
    expect(box).not.toBeChecked();
    expect(screen.queryByText('Opgeslagen')).not.toBeInTheDocument();
  });

  it('offers to try again when the setting cannot be loaded', async () => {
    const user = userEvent.setup();
    fakeSession(aUser(), aVolunteerLookup());
    onApi('GET /api/users/me/settings', {
      status: 503,
      body: { error: 'Even niet.', code: 'unavailable' },
    });
    renderDashboard();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Je instelling voor e-mails kon niet worden geladen.',
    );
    onApi('GET /api/users/me/settings', { status: 200, body: { messageEmails: true } });
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));

    expect(await loadedBox()).toBeChecked();
  });
});
