import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '@/features/appointments/api/appointments';
import { AppointmentsBar } from '@/features/appointments/components/appointments-bar';
import { aUser, fakeSession, onApi, requests } from '@/testing/fake-api';
import { aPet, aVolunteerLookup, anOwner, anOwnerLookup } from '@/testing/profiles';
import { renderWithProviders } from '@/testing/render';

const NEXT_WEEK = new Date(Date.now() + 7 * 86_400_000);

function anAppointment(overrides: Partial<Appointment> = {}): Appointment {
  const start = new Date(NEXT_WEEK);
  start.setHours(9, 0, 0, 0);
  const end = new Date(NEXT_WEEK);
  end.setHours(17, 0, 0, 0);
  return {
    id: 3,
    conversationId: 11,
    proposerId: 8,
    recipientId: 7,
    kind: 'oppassen-thuis',
    pets: [],
    startsAt: start.toISOString(),
    endsAt: end.toISOString(),
    note: 'Ik breng zijn riem mee.',
    state: 'voorgesteld',
    reason: null,
    replaces: null,
    started: false,
    tookPlace: false,
    warning: null,
    care: [],
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

function renderBar() {
  return renderWithProviders(<AppointmentsBar conversationId={11} open otherName="Lotte" />);
}

describe('AppointmentsBar', () => {
  it("offers the other's proposal to accept or decline, and then to cancel", async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }));
    let current = anAppointment();
    onApi('GET /api/conversations/11/appointments', () => ({ status: 200, body: [current] }));
    const steps: unknown[] = [];
    onApi('POST /api/appointments/3/step', async (request) => {
      steps.push(await request.json());
      current = anAppointment({ state: 'geaccepteerd' });
      return { status: 200, body: current };
    });
    renderBar();

    const item = await screen.findByRole('listitem', { name: /^Oppassen bij de baas thuis/ });
    expect(within(item).getByText('Voorgesteld, door Lotte')).toBeVisible();
    expect(within(item).getByText('Ik breng zijn riem mee.')).toBeVisible();
    expect(within(item).getByRole('button', { name: 'Afwijzen' })).toBeVisible();
    await user.click(within(item).getByRole('button', { name: 'Accepteren' }));
    expect(await within(item).findByText('Geaccepteerd')).toBeVisible();
    expect(steps).toEqual([{ step: 'accepteren', reason: null }]);
    expect(within(item).getByRole('button', { name: 'Annuleren' })).toBeVisible();
  });

  it('shows the open afspraken first and whole, and folds away those that are over', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }));
    const day = (days: number, hour: number) => {
      const at = new Date(NEXT_WEEK);
      at.setDate(at.getDate() + days);
      at.setHours(hour, 0, 0, 0);
      return at.toISOString();
    };
    const at = (days: number) => ({ startsAt: day(days, 9), endsAt: day(days, 17) });
    onApi('GET /api/conversations/11/appointments', {
      status: 200,
      // Oldest first, as the server lists them: those that are over came first.
      body: [
        anAppointment({ id: 1, kind: 'uitlaten', state: 'ingetrokken', ...at(-3) }),
        anAppointment({ id: 2, kind: 'dagopvang', state: 'afgewezen', ...at(-2) }),
        anAppointment({ id: 5, kind: 'logeren', state: 'tegenvoorstel', ...at(-1) }),
        anAppointment({ id: 6, kind: 'uitlaten', state: 'geannuleerd', started: true, ...at(-4) }),
        anAppointment({ id: 4, kind: 'dagopvang', state: 'geaccepteerd', ...at(2) }),
        anAppointment({ id: 3, state: 'voorgesteld', ...at(1) }),
        // Cancelled, its time still to come: news that stays in view until then.
        anAppointment({ id: 7, kind: 'huisbezoek', state: 'geannuleerd', ...at(4) }),
      ],
    });
    renderBar();

    const current = await screen.findByRole('list', { name: 'Open afspraken' });
    // Soonest first: the proposal that waits for an answer, then the accepted one to come,
    // then the cancellation of one to come.
    expect(
      within(current)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')?.split(',')[0]),
    ).toEqual(['Oppassen bij de baas thuis', 'Dagopvang', 'Huisbezoek (eten geven en verzorgen)']);
    const accept = within(current).getByRole('button', { name: 'Accepteren' });
    expect(accept).toBeVisible();
    // In view with the page, not in a box of its own that scrolls it away.
    const section = screen.getByRole('region', { name: 'Afspraken' });
    for (let box = accept.parentElement; box && box !== section; box = box.parentElement) {
      expect(box.className).not.toMatch(/overflow-|max-h-/);
    }

    const earlier = screen.getByText('Eerdere voorstellen en afspraken (4)');
    expect(screen.getByText('Ingetrokken')).not.toBeVisible();
    expect(screen.getByText('Afgewezen')).not.toBeVisible();
    expect(screen.getByText('Ander voorstel gedaan')).not.toBeVisible();
    const earlierList = screen.getByRole('list', {
      name: 'Eerdere voorstellen en afspraken',
      hidden: true,
    });
    expect(within(earlierList).getByText('Geannuleerd')).not.toBeVisible();
    expect(within(current).getByText('Geannuleerd')).toBeVisible();
    await user.click(earlier);
    expect(screen.getByText('Ingetrokken')).toBeVisible();
    // The latest first.
    expect(
      within(screen.getByRole('list', { name: 'Eerdere voorstellen en afspraken' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Ander voorstel gedaan'),
      expect.stringContaining('Afgewezen'),
      expect.stringContaining('Ingetrokken'),
      expect.stringContaining('Geannuleerd'),
    ]);
  });

  it('folds away a finished afspraak once nothing waits for the reader, and keeps one that asks', async () => {
    fakeSession(aUser({ id: 7 }));
    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const finished = {
      state: 'afgerond',
      startsAt: lastWeek,
      endsAt: lastWeek,
      started: true,
      tookPlace: true,
    } as const;
    onApi('GET /api/conversations/11/appointments', {
      status: 200,
      body: [
        anAppointment({ id: 3, ...finished }),
        anAppointment({ id: 4, kind: 'uitlaten', ...finished }),
      ],
    });
    // Written and published: nothing left to do.
    onApi('GET /api/appointments/3/references', {
      status: 200,
      body: {
        mine: {
          id: 1,
          appointmentId: 3,
          authorId: 7,
          subjectId: 8,
          text: 'Lotte was op tijd en lief.',
          again: true,
          tags: [],
          createdAt: lastWeek,
        },
        theirs: null,
        published: true,
        mayNotWrite: 'Je hebt over deze afspraak al een referentie geschreven.',
        myOutcome: 'ja',
        asksOutcome: false,
      },
    });
    // Still asks whether it took place.
    onApi('GET /api/appointments/4/references', {
      status: 200,
      body: {
        mine: null,
        theirs: null,
        published: false,
        mayNotWrite: null,
        myOutcome: null,
        asksOutcome: true,
      },
    });
    renderBar();

    const current = await screen.findByRole('list', { name: 'Open afspraken' });
    expect(
      await within(current).findByRole('group', { name: 'Is de afspraak doorgegaan?' }),
    ).toBeVisible();
    expect(within(current).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Eerdere voorstellen en afspraken (1)')).toBeVisible();
    expect(
      await screen.findByText('Je referentie staat op het profiel van Lotte.'),
    ).not.toBeVisible();
  });

  it("shows the sitter the server's warning beside a proposal that does not fit her week", async () => {
    fakeSession(aUser({ id: 7 }));
    onApi('GET /api/conversations/11/appointments', {
      status: 200,
      body: [
        anAppointment({
          warning: 'Dit valt buiten de tijden waarop je meestal beschikbaar bent.',
        }),
      ],
    });
    renderBar();

    const item = await screen.findByRole('listitem', { name: /^Oppassen bij de baas thuis/ });
    expect(
      within(item).getByText('Dit valt buiten de tijden waarop je meestal beschikbaar bent.'),
    ).toBeVisible();
    expect(within(item).getByRole('button', { name: 'Accepteren' })).toBeEnabled();
  });

  it('lets the proposer withdraw her own proposal, and shows a refusal in words', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 8 }));
    onApi('GET /api/conversations/11/appointments', {
      status: 200,
      body: [anAppointment()],
    });
    onApi('POST /api/appointments/3/step', {
      status: 409,
      body: { error: 'Dit voorstel is afgewezen.', code: 'conflict' },
    });
    renderBar();

    const item = await screen.findByRole('listitem', { name: /^Oppassen bij de baas thuis/ });
    expect(within(item).getByText('Voorgesteld, wacht op Lotte')).toBeVisible();
    expect(within(item).queryByRole('button', { name: 'Accepteren' })).not.toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Intrekken' }));
    const asked = await screen.findByRole('dialog', { name: 'Voorstel intrekken?' });
    await user.click(within(asked).getByRole('button', { name: 'Intrekken' }));
    // Told once, in the dialog that asked.
    expect(await within(asked).findByRole('alert')).toHaveTextContent('Dit voorstel is afgewezen.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('asks before withdrawing a proposal, and withdraws nothing on Annuleren', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 8 }));
    let current = anAppointment();
    onApi('GET /api/conversations/11/appointments', () => ({ status: 200, body: [current] }));
    const steps: unknown[] = [];
    onApi('POST /api/appointments/3/step', async (request) => {
      steps.push(await request.json());
      current = anAppointment({ state: 'ingetrokken' });
      return { status: 200, body: current };
    });
    renderBar();

    const item = await screen.findByRole('listitem', { name: /^Oppassen bij de baas thuis/ });
    await user.click(within(item).getByRole('button', { name: 'Intrekken' }));
    let asked = await screen.findByRole('dialog', { name: 'Voorstel intrekken?' });
    expect(asked).toHaveTextContent('Lotte kan dit voorstel dan niet meer accepteren.');
    await user.click(within(asked).getByRole('button', { name: 'Annuleren' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(steps).toEqual([]);

    await user.click(within(item).getByRole('button', { name: 'Intrekken' }));
    asked = await screen.findByRole('dialog', { name: 'Voorstel intrekken?' });
    await user.click(within(asked).getByRole('button', { name: 'Intrekken' }));
    // What was just done stays in view while the conversation is open.
    expect(await within(item).findByText('Ingetrokken')).toBeVisible();
    expect(steps).toEqual([{ step: 'intrekken', reason: null }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Eerdere voorstellen/)).not.toBeInTheDocument();
  });

  it('proposes an afspraak with its kind, day and times, and shows a refused field', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }));
    let listed: Appointment[] = [];
    onApi('GET /api/conversations/11/appointments', () => ({ status: 200, body: listed }));
    const sent: Record<string, unknown>[] = [];
    onApi('POST /api/conversations/11/appointments', async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      if (sent.length === 1) {
        return {
          status: 422,
          body: {
            error: 'Kies een begin in de toekomst.',
            code: 'invalid_input',
            field: 'startsAt',
          },
        };
      }
      listed = [anAppointment({ proposerId: 7, recipientId: 8, kind: 'uitlaten' })];
      return { status: 201, body: listed[0] };
    });
    renderBar();

    await user.click(await screen.findByRole('button', { name: 'Afspraak voorstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Afspraak voorstellen aan Lotte' });
    expect(within(dialog).getByRole('button', { name: 'Voorstel versturen' })).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Soort hulp'), 'Uitlaten');
    await user.type(within(dialog).getByLabelText('Datum'), '2030-12-24');
    await user.click(within(dialog).getByRole('button', { name: 'Voorstel versturen' }));
    expect(await within(dialog).findByText('Kies een begin in de toekomst.')).toBeVisible();
    expect(sent[0]).toMatchObject({ kind: 'uitlaten', pets: [], note: null });
    expect(new Date(sent[0]?.startsAt as string)).toEqual(new Date('2030-12-24T09:00'));
    expect(new Date(sent[0]?.endsAt as string)).toEqual(new Date('2030-12-24T17:00'));

    await user.click(within(dialog).getByRole('button', { name: 'Voorstel versturen' }));
    expect(await screen.findByRole('listitem', { name: /^Uitlaten/ })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks whether an afspraak took place, then offers a reference, refuses a short text in words and then waits for the other', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }));
    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString();
    onApi('GET /api/conversations/11/appointments', {
      status: 200,
      body: [
        anAppointment({
          state: 'afgerond',
          startsAt: lastWeek,
          endsAt: lastWeek,
          started: true,
          tookPlace: true,
        }),
      ],
    });
    let mine: unknown = null;
    let outcome: string | null = null;
    onApi('GET /api/appointments/3/references', () => ({
      status: 200,
      body: {
        mine,
        theirs: null,
        published: false,
        mayNotWrite: mine
          ? 'Al geschreven.'
          : outcome
            ? null
            : 'Beantwoord eerst of de afspraak is doorgegaan.',
        myOutcome: outcome,
        asksOutcome: outcome === null,
      },
    }));
    onApi('POST /api/appointments/3/outcome', async (request) => {
      outcome = ((await request.json()) as { outcome: string }).outcome;
      return { status: 204 };
    });
    const sent: Record<string, unknown>[] = [];
    onApi('POST /api/appointments/3/reference', async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      if (sent.length === 1) {
        return {
          status: 422,
          body: {
            error: 'Schrijf minstens 20 tekens over hoe het ging.',
            code: 'invalid_input',
            field: 'text',
          },
        };
      }
      mine = { id: 1, appointmentId: 3, authorId: 7, subjectId: 8, ...body, createdAt: lastWeek };
      return { status: 201, body: mine };
    });
    renderBar();

    const question = await screen.findByRole('group', { name: 'Is de afspraak doorgegaan?' });
    expect(
      within(question)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Ja', 'Nee, de ander kwam niet', 'Nee, we hebben het samen afgezegd']);
    expect(screen.queryByRole('button', { name: 'Referentie schrijven' })).not.toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Ja' }));
    expect(outcome).toBe('ja');

    await user.click(await screen.findByRole('button', { name: 'Referentie schrijven' }));
    expect(
      screen.queryByRole('group', { name: 'Is de afspraak doorgegaan?' }),
    ).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Referentie over Lotte' });
    const place = within(dialog).getByRole('button', { name: 'Referentie plaatsen' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Hoe ging het?' }), 'Prima.');
    expect(place).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Ja' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Lief voor dieren' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Op tijd' }));
    await user.click(place);
    expect(
      await within(dialog).findByText('Schrijf minstens 20 tekens over hoe het ging.'),
    ).toBeVisible();
    expect(sent[0]).toEqual({
      text: 'Prima.',
      again: true,
      tags: ['op-tijd', 'lief-voor-dieren'],
      moderatorNote: null,
    });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Alleen voor de moderatoren (niet verplicht)' }),
      'Ze vroeg om geld.',
    );

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Hoe ging het?' }),
      ' Lotte was op tijd en lief.',
    );
    await user.click(place);
    expect(
      await screen.findByText(/Je referentie is bewaard\. Lotte en anderen lezen die/),
    ).toBeVisible();
    expect(sent[1]).toMatchObject({ moderatorNote: 'Ze vroeg om geld.' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Referentie schrijven' })).not.toBeInTheDocument();
  });

  it("sends a double tap on 'Voorstel versturen' as one proposal: one key, the button off while it runs, no error", async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }));
    let listed: Appointment[] = [];
    onApi('GET /api/conversations/11/appointments', () => ({ status: 200, body: listed }));
    const keys: (string | null)[] = [];
    let answer: () => void = () => undefined;
    onApi('POST /api/conversations/11/appointments', async (request) => {
      keys.push(request.headers.get('Idempotency-Key'));
      // The server answers a repeat of the key with the first answer: one afspraak.
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      listed = [anAppointment({ proposerId: 7, recipientId: 8, kind: 'uitlaten' })];
      return { status: 201, body: listed[0] };
    });
    renderBar();

    await user.click(await screen.findByRole('button', { name: 'Afspraak voorstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Afspraak voorstellen aan Lotte' });
    await user.selectOptions(within(dialog).getByLabelText('Soort hulp'), 'Uitlaten');
    await user.type(within(dialog).getByLabelText('Datum'), '2030-12-24');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Voorstel versturen' }));
    expect(await within(dialog).findByRole('button', { name: 'Versturen...' })).toBeDisabled();
    answer();

    expect(await screen.findByRole('listitem', { name: /^Uitlaten/ })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it("sends a double tap on the reference's button as one reference, and closes the dialog without an error", async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }));
    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString();
    onApi('GET /api/conversations/11/appointments', {
      status: 200,
      body: [
        anAppointment({
          state: 'afgerond',
          startsAt: lastWeek,
          endsAt: lastWeek,
          started: true,
          tookPlace: true,
        }),
      ],
    });
    let mine: unknown = null;
    onApi('GET /api/appointments/3/references', () => ({
      status: 200,
      body: {
        mine,
        theirs: null,
        published: false,
        mayNotWrite: mine ? 'Je hebt over deze afspraak al een referentie geschreven.' : null,
      },
    }));
    const keys: (string | null)[] = [];
    let answer: () => void = () => undefined;
    onApi('POST /api/appointments/3/reference', async (request) => {
      keys.push(request.headers.get('Idempotency-Key'));
      const body = (await request.json()) as Record<string, unknown>;
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      mine = { id: 1, appointmentId: 3, authorId: 7, subjectId: 8, ...body, createdAt: lastWeek };
      return { status: 201, body: mine };
    });
    renderBar();

    await user.click(await screen.findByRole('button', { name: 'Referentie schrijven' }));
    const dialog = await screen.findByRole('dialog', { name: 'Referentie over Lotte' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Hoe ging het?' }),
      'Lotte was op tijd en lief voor Bobby.',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Ja' }));
    await user.dblClick(within(dialog).getByRole('button', { name: 'Referentie plaatsen' }));
    expect(await within(dialog).findByRole('button', { name: 'Versturen...' })).toBeDisabled();
    answer();

    expect(
      await screen.findByText(/Je referentie is bewaard\. Lotte en anderen lezen die/),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      screen.queryByText('Je hebt over deze afspraak al een referentie geschreven.'),
    ).not.toBeInTheDocument();
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).not.toBeNull();
  });

  it("shows the other's reference once both are published, among the earlier afspraken", async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }));
    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString();
    onApi('GET /api/conversations/11/appointments', {
      status: 200,
      body: [
        anAppointment({
          state: 'afgerond',
          startsAt: lastWeek,
          endsAt: lastWeek,
          started: true,
          tookPlace: true,
        }),
      ],
    });
    const reference = (authorId: number, text: string) => ({
      id: authorId,
      appointmentId: 3,
      authorId,
      subjectId: authorId === 7 ? 8 : 7,
      text,
      again: true,
      tags: [],
      createdAt: lastWeek,
    });
    onApi('GET /api/appointments/3/references', {
      status: 200,
      body: {
        mine: reference(7, 'Lotte was op tijd en lief.'),
        theirs: reference(8, 'Anna legde alles duidelijk uit.'),
        published: true,
        mayNotWrite: 'Je hebt over deze afspraak al een referentie geschreven.',
      },
    });
    renderBar();

    // Nothing waits for the reader any more: it is folded away with those that are over.
    expect(await screen.findByText('Lotte schreef:')).not.toBeVisible();
    await user.click(screen.getByText('Eerdere voorstellen en afspraken (1)'));
    expect(screen.getByText('Lotte schreef:')).toBeVisible();
    expect(screen.getByText(/Anna legde alles duidelijk uit\./)).toBeVisible();
    expect(screen.getByText('Jullie referenties staan op jullie profielen.')).toBeVisible();
  });

  it("proposes an afspraak for the owner's pets, the conversation's pet chosen first", async () => {
    const user = userEvent.setup();
    // Anna (7) is a sitter; Sanne (8) owns Bobby (30) and Pip (31); they talk about Pip.
    fakeSession(aUser({ id: 7 }), aVolunteerLookup({ user_id: 7 }));
    onApi('GET /api/profiles/8', { status: 200, body: anOwnerLookup({}, { id: 4, user_id: 8 }) });
    onApi('GET /api/owners/4', {
      status: 200,
      body: {
        hidden: false,
        owner: anOwner({ id: 4, user_id: 8 }),
        pets: [aPet({ id: 30, name: 'Bobby' }), aPet({ id: 31, name: 'Pip' })],
      },
    });
    let listed: Appointment[] = [];
    onApi('GET /api/conversations/11/appointments', () => ({ status: 200, body: listed }));
    const sent: Record<string, unknown>[] = [];
    onApi('POST /api/conversations/11/appointments', async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      listed = [anAppointment({ proposerId: 7, recipientId: 8, pets: [31, 30] })];
      return { status: 201, body: listed[0] };
    });
    renderWithProviders(
      <AppointmentsBar conversationId={11} open otherName="Sanne" otherUserId={8} petId={31} />,
    );

    await user.click(await screen.findByRole('button', { name: 'Afspraak voorstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Afspraak voorstellen aan Sanne' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Pip' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Bobby' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Bobby' }));
    await user.type(within(dialog).getByLabelText('Datum'), '2030-12-24');
    await user.click(within(dialog).getByRole('button', { name: 'Voorstel versturen' }));

    expect(await screen.findByText('Voor Pip en Bobby')).toBeVisible();
    expect(sent[0]?.pets).toEqual([31, 30]);
  });

  it('asks why before declining, and answers a proposal with another time that replaces it', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }));
    let listed = [anAppointment()];
    onApi('GET /api/conversations/11/appointments', () => ({ status: 200, body: listed }));
    const steps: unknown[] = [];
    onApi('POST /api/appointments/3/step', async (request) => {
      steps.push(await request.json());
      listed = [anAppointment({ state: 'afgewezen', reason: 'Ik ben dan weg.' })];
      return { status: 200, body: listed[0] };
    });
    const proposals: Record<string, unknown>[] = [];
    onApi('POST /api/conversations/11/appointments', async (request) => {
      proposals.push((await request.json()) as Record<string, unknown>);
      return { status: 201, body: anAppointment({ id: 4, replaces: 3 }) };
    });
    renderBar();

    const item = await screen.findByRole('listitem', { name: /^Oppassen bij de baas thuis/ });
    await user.click(within(item).getByRole('button', { name: 'Ander tijdstip voorstellen' }));
    const counter = await screen.findByRole('dialog', {
      name: 'Ander tijdstip voorstellen aan Lotte',
    });
    expect(within(counter).getByLabelText('Soort hulp')).toHaveValue('oppassen-thuis');
    await user.type(within(counter).getByLabelText('Datum'), '2030-12-24');
    await user.click(within(counter).getByRole('button', { name: 'Voorstel versturen' }));
    await screen.findByRole('listitem', { name: /^Oppassen bij de baas thuis/ });
    expect(proposals[0]).toMatchObject({ kind: 'oppassen-thuis', replaces: 3 });

    await user.click(within(item).getByRole('button', { name: 'Afwijzen' }));
    const asked = await screen.findByRole('dialog', { name: 'Voorstel afwijzen' });
    await user.type(
      within(asked).getByRole('textbox', { name: 'Reden (niet verplicht)' }),
      'Ik ben dan weg.',
    );
    await user.click(within(asked).getByRole('button', { name: 'Afwijzen' }));
    expect(await screen.findByText('Afgewezen: Ik ben dan weg.')).toBeVisible();
    expect(steps).toEqual([{ step: 'afwijzen', reason: 'Ik ben dan weg.' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses a start that has passed at its date, and sends nothing', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }));
    onApi('GET /api/conversations/11/appointments', { status: 200, body: [] });
    renderBar();

    await user.click(await screen.findByRole('button', { name: 'Afspraak voorstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Afspraak voorstellen aan Lotte' });
    await user.type(within(dialog).getByLabelText('Datum'), '2020-03-02');
    await user.click(within(dialog).getByRole('button', { name: 'Voorstel versturen' }));
    expect(await within(dialog).findByText('Kies een begin in de toekomst.')).toBeVisible();
    expect(within(dialog).getByLabelText('Datum')).toHaveAccessibleDescription(
      'Kies een begin in de toekomst.',
    );
    expect(within(dialog).getByLabelText('Datum')).toBeInvalid();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('refuses an end before the start at the end time, and sends nothing', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }));
    onApi('GET /api/conversations/11/appointments', { status: 200, body: [] });
    renderBar();

    await user.click(await screen.findByRole('button', { name: 'Afspraak voorstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Afspraak voorstellen aan Lotte' });
    await user.type(within(dialog).getByLabelText('Datum'), '2030-12-24');
    await user.clear(within(dialog).getByLabelText('Tot'));
    await user.type(within(dialog).getByLabelText('Tot'), '08:30');
    await user.click(within(dialog).getByRole('button', { name: 'Voorstel versturen' }));
    expect(await within(dialog).findByText('Kies een einde na het begin.')).toBeVisible();
    expect(within(dialog).getByLabelText('Tot')).toHaveAccessibleDescription(
      'Kies een einde na het begin.',
    );
    expect(within(dialog).getByLabelText('Datum')).toBeValid();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    // The same times over two days are fine: it ends the next morning.
    await user.type(within(dialog).getByLabelText('Tot en met (meer dagen)'), '2030-12-25');
    onApi('POST /api/conversations/11/appointments', async (request) => ({
      status: 201,
      body: anAppointment({ ...((await request.json()) as Partial<Appointment>), id: 5 }),
    }));
    await user.click(within(dialog).getByRole('button', { name: 'Voorstel versturen' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('keeps the button off while the date or a time is missing', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }));
    onApi('GET /api/conversations/11/appointments', { status: 200, body: [] });
    renderBar();

    await user.click(await screen.findByRole('button', { name: 'Afspraak voorstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Afspraak voorstellen aan Lotte' });
    const send = within(dialog).getByRole('button', { name: 'Voorstel versturen' });
    await user.type(within(dialog).getByLabelText('Datum'), '2030-12-24');
    expect(send).toBeEnabled();
    await user.clear(within(dialog).getByLabelText('Van'));
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Van'), '10:00');
    await user.clear(within(dialog).getByLabelText('Tot'));
    expect(send).toBeDisabled();
    await user.click(send);
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's refusal of the end, the note or the pets at that field, and any other above", async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }), aVolunteerLookup({ user_id: 7 }));
    onApi('GET /api/profiles/8', { status: 200, body: anOwnerLookup({}, { id: 4, user_id: 8 }) });
    onApi('GET /api/owners/4', {
      status: 200,
      body: {
        hidden: false,
        owner: anOwner({ id: 4, user_id: 8 }),
        pets: [aPet({ id: 30, name: 'Bobby' })],
      },
    });
    onApi('GET /api/conversations/11/appointments', { status: 200, body: [] });
    const answers = [
      { field: 'endsAt', error: 'Een afspraak duurt hoogstens 60 dagen.' },
      { field: 'note', error: 'Schrijf hoogstens 500 tekens.' },
      { field: 'pets', error: 'Kies alleen huisdieren van jullie twee.' },
    ];
    let sent = 0;
    onApi('POST /api/conversations/11/appointments', () => {
      const answer = answers[sent];
      sent += 1;
      return answer
        ? { status: 422, body: { ...answer, code: 'invalid_input' } }
        : {
            status: 409,
            body: { error: 'Er wachten al drie voorstellen op antwoord.', code: 'conflict' },
          };
    });
    renderWithProviders(
      <AppointmentsBar conversationId={11} open otherName="Sanne" otherUserId={8} />,
    );

    await user.click(await screen.findByRole('button', { name: 'Afspraak voorstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Afspraak voorstellen aan Sanne' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Bobby' })).toBeChecked();
    await user.type(within(dialog).getByLabelText('Datum'), '2030-12-24');
    await user.type(within(dialog).getByLabelText('Opmerking (niet verplicht)'), 'Tot dan.');
    const send = within(dialog).getByRole('button', { name: 'Voorstel versturen' });

    await user.click(send);
    expect(await within(dialog).findByText('Een afspraak duurt hoogstens 60 dagen.')).toBeVisible();
    expect(within(dialog).getByLabelText('Tot')).toHaveAccessibleDescription(
      'Een afspraak duurt hoogstens 60 dagen.',
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(send);
    expect(await within(dialog).findByText('Schrijf hoogstens 500 tekens.')).toBeVisible();
    expect(within(dialog).getByLabelText('Opmerking (niet verplicht)')).toHaveAccessibleDescription(
      'Schrijf hoogstens 500 tekens.',
    );
    expect(within(dialog).queryByText('Een afspraak duurt hoogstens 60 dagen.')).toBeNull();

    await user.click(send);
    expect(
      await within(dialog).findByText('Kies alleen huisdieren van jullie twee.'),
    ).toBeVisible();
    expect(
      within(dialog).getByRole('group', { name: 'Voor welke huisdieren?' }),
    ).toHaveAccessibleDescription('Kies alleen huisdieren van jullie twee.');

    await user.click(send);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Er wachten al drie voorstellen op antwoord.',
    );
    expect(within(dialog).queryByText('Kies alleen huisdieren van jullie twee.')).toBeNull();
    expect(sent).toBe(4);
  });

  it('keeps the reason open with the refusal beside it when the server refuses the reason', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }));
    onApi('GET /api/conversations/11/appointments', {
      status: 200,
      body: [anAppointment({ state: 'geaccepteerd' })],
    });
    const steps: unknown[] = [];
    onApi('POST /api/appointments/3/step', async (request) => {
      steps.push(await request.json());
      return {
        status: 422,
        body: { error: 'Schrijf hoogstens 500 tekens.', code: 'invalid_input', field: 'reason' },
      };
    });
    renderBar();

    const item = await screen.findByRole('listitem', { name: /^Oppassen bij de baas thuis/ });
    await user.click(within(item).getByRole('button', { name: 'Annuleren' }));
    const asked = await screen.findByRole('dialog', { name: 'Afspraak annuleren' });
    const reason = within(asked).getByRole('textbox', { name: 'Reden (niet verplicht)' });
    await user.type(reason, 'Te lang.');
    await user.click(within(asked).getByRole('button', { name: 'Annuleren' }));
    expect(await within(asked).findByText('Schrijf hoogstens 500 tekens.')).toBeVisible();
    expect(reason).toHaveAccessibleDescription(
      'De ander leest de reden bij de afspraak. Schrijf hoogstens 500 tekens.',
    );
    expect(reason).toHaveValue('Te lang.');
    expect(steps).toEqual([{ step: 'annuleren', reason: 'Te lang.' }]);

    await user.click(within(asked).getByRole('button', { name: 'Terug' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
