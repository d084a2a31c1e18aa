import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REPORT_THANKS } from '@/components/trust/report-dialog';
import {
  NO_REFERENCES,
  REFERENCES_FAILED,
  ReferencesSection,
  monthOf,
} from '@/features/appointments/components/references-section';
import { aUser, fakeSession, onApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

describe('ReferencesSection', () => {
  it('lists what people wrote after an afspraak, with the help and the month but no date', async () => {
    onApi('GET /api/users/12/references', {
      status: 200,
      body: [
        {
          id: 2,
          authorName: 'Sanne',
          text: 'Lotte was op tijd en heel lief voor Bobby.',
          again: true,
          tags: ['op-tijd', 'lief-voor-dieren'],
          kind: 'uitlaten',
          month: '2026-12',
          byReader: false,
        },
        {
          id: 1,
          authorName: 'Verwijderd account',
          text: 'Een fijne kennismaking gehad.',
          again: false,
          tags: [],
          kind: 'kennismaking',
          month: '2026-11',
          byReader: false,
        },
      ],
    });
    renderWithProviders(<ReferencesSection userId={12} firstName="Lotte" />);

    const list = await screen.findByRole('list', { name: 'Referenties over Lotte' });
    expect(screen.getByRole('heading', { name: 'Referenties (2)' })).toBeInTheDocument();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Sanne · Uitlaten, december 2026');
    expect(first).toHaveTextContent('Zou weer met Lotte afspreken');
    expect(first).toHaveTextContent('Op tijd');
    expect(first).toHaveTextContent('Lief voor dieren');
    expect(second).toHaveTextContent('Verwijderd account · Kennismaking, november 2026');
    expect(second).not.toHaveTextContent('Zou weer');
  });

  it('says there are none yet, and offers to try again when they cannot be read', async () => {
    const user = userEvent.setup();
    let answers = 0;
    onApi('GET /api/users/12/references', () => {
      answers += 1;
      return answers === 1
        ? { status: 500, body: { error: 'Er ging iets mis.', code: 'internal_error' } }
        : { status: 200, body: [] };
    });
    renderWithProviders(<ReferencesSection userId={12} firstName="Lotte" />);

    expect(await screen.findByRole('alert')).toHaveTextContent(REFERENCES_FAILED);
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText(NO_REFERENCES)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Referenties' })).toBeInTheDocument();
  });

  it('lets a signed-in reader report a reference to the moderators, and a visitor not', async () => {
    const user = userEvent.setup();
    const body = [
      {
        id: 2,
        authorName: 'Sanne',
        text: 'Lotte was op tijd en heel lief voor Bobby.',
        again: true,
        tags: [],
        kind: 'uitlaten',
        month: '2026-12',
        byReader: false,
      },
      {
        id: 3,
        authorName: 'Eva',
        text: 'Lotte is een fijne oppas voor onze kat.',
        again: true,
        tags: [],
        kind: 'oppassen-thuis',
        month: '2026-11',
        byReader: true,
      },
    ];
    onApi('GET /api/users/12/references', { status: 200, body });
    const { unmount } = renderWithProviders(<ReferencesSection userId={12} firstName="Lotte" />);
    await screen.findByRole('list', { name: 'Referenties over Lotte' });
    expect(screen.queryByRole('button', { name: /melden/i })).not.toBeInTheDocument();
    unmount();

    fakeSession(aUser({ id: 7 }));
    const sent: unknown[] = [];
    onApi('POST /api/references/2/report', async (request) => {
      sent.push(await request.json());
      return { status: 204 };
    });
    renderWithProviders(<ReferencesSection userId={12} firstName="Lotte" />);
    await user.click(await screen.findByRole('button', { name: 'Referentie van Sanne melden' }));
    await screen.findByRole('dialog', { name: 'Referentie van Sanne melden' });
    await user.click(screen.getByRole('radio', { name: 'Ongepast gedrag' }));
    await user.type(screen.getByLabelText('Toelichting (niet verplicht)'), 'Klopt niet');
    await user.click(screen.getByRole('button', { name: 'Melding versturen' }));
    expect(await screen.findByRole('status')).toHaveTextContent(REPORT_THANKS);
    expect(sent).toEqual([{ reason: 'ongepast-gedrag', note: 'Klopt niet' }]);
  });

  it('words a month as Dutch does', () => {
    expect(monthOf('2027-03')).toBe('maart 2027');
  });

  it("lets the page's own person reply once, in public, and shows the reply to everyone", async () => {
    const user = userEvent.setup();
    let reply: string | null = null;
    onApi('GET /api/users/12/references', () => ({
      status: 200,
      body: [
        {
          id: 5,
          authorName: 'Sanne',
          text: 'Lotte was op tijd en heel lief voor Bobby.',
          again: true,
          tags: [],
          kind: 'uitlaten',
          month: '2026-12',
          byReader: false,
          reply,
        },
      ],
    }));
    const sent: unknown[] = [];
    onApi('POST /api/references/5/reply', async (request) => {
      sent.push(await request.json());
      reply = 'Dank je, Bobby is een schat!';
      return { status: 200, body: {} };
    });
    const { unmount } = renderWithProviders(
      <ReferencesSection userId={12} firstName="Lotte" own />,
    );

    await user.click(await screen.findByRole('button', { name: 'Reageren' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Je reactie (iedereen kan die lezen)' }),
      'Dank je, Bobby is een schat!',
    );
    await user.click(screen.getByRole('button', { name: 'Reactie plaatsen' }));
    expect(await screen.findByText('Reactie van Lotte:')).toBeVisible();
    expect(sent).toEqual([{ text: 'Dank je, Bobby is een schat!' }]);
    expect(screen.queryByRole('button', { name: 'Reageren' })).not.toBeInTheDocument();
    unmount();

    reply = null;
    renderWithProviders(<ReferencesSection userId={12} firstName="Lotte" />);
    expect(await screen.findByText(/Lotte was op tijd/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reageren' })).not.toBeInTheDocument();
  });
  it("sends a double tap on 'Reactie plaatsen' as one reply under one key, the button off while it runs", async () => {
    const user = userEvent.setup();
    let reply: string | null = null;
    onApi('GET /api/users/12/references', () => ({
      status: 200,
      body: [
        {
          id: 5,
          authorName: 'Sanne',
          text: 'Lotte was op tijd en heel lief voor Bobby.',
          again: true,
          tags: [],
          kind: 'uitlaten',
          month: '2026-12',
          byReader: false,
          reply,
        },
      ],
    }));
    const keys: (string | null)[] = [];
    let answer: () => void = () => undefined;
    onApi('POST /api/references/5/reply', async (request) => {
      keys.push(request.headers.get('Idempotency-Key'));
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      reply = 'Dank je!';
      return { status: 200, body: {} };
    });
    renderWithProviders(<ReferencesSection userId={12} firstName="Lotte" own />);

    await user.click(await screen.findByRole('button', { name: 'Reageren' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Je reactie (iedereen kan die lezen)' }),
      'Dank je!',
    );
    await user.dblClick(screen.getByRole('button', { name: 'Reactie plaatsen' }));
    expect(await screen.findByRole('button', { name: 'Plaatsen...' })).toBeDisabled();
    answer();
    expect(await screen.findByText('Reactie van Lotte:')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys[0]).not.toBeNull();
    expect(new Set(keys).size).toBe(1);
  });
});
