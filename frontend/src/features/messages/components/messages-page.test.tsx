import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessagePage } from '@/features/messages/api/get-thread';
import { MessagesPage } from '@/features/messages/components/messages-page';
import { CONTACT_EMAIL, MESSAGE_MAX } from '@/lib/api/vocabulary';
import { aUser, fakeSession, onApi, requests, type FakeResponse } from '@/testing/fake-api';
import { latestEventSource, useFakeEventSource } from '@/testing/fake-event-source';
import {
  aConversation,
  aMessage,
  localTime,
  type ConversationSummary,
  type MessageItem,
} from '@/testing/messages';
import { aVolunteerLookup } from '@/testing/profiles';
import { renderWithProviders } from '@/testing/render';

const sanne = aConversation({
  id: 1,
  name: 'Sanne',
  petId: 30,
  petName: 'Bobby',
  isOnline: true,
  lastMessage: 'Tot morgen!',
  lastMessageIsOwn: true,
  unreadCount: 2,
});
const mo = aConversation({
  id: 2,
  otherUserId: 9,
  name: 'Mo',
  petName: 'Luna',
  petId: 31,
  lastMessage: 'Kan Luna zaterdag komen?',
});

function inbox(conversations: ConversationSummary[]) {
  onApi('GET /api/conversations', { status: 200, body: { conversations } });
}

function thread(conversationId: number, messages: MessageItem[], hasMore = false) {
  onApi(`GET /api/conversations/${conversationId}/messages`, {
    status: 200,
    body: { messages, hasMore },
  });
}

function openMessages(url = '/berichten') {
  fakeSession(aUser({ id: 7 }), aVolunteerLookup());
  onApi('PUT /api/conversations/1/read', { status: 204 });
  onApi('PUT /api/conversations/2/read', { status: 204 });
  return renderWithProviders(<MessagesPage />, { path: '/berichten', url });
}

/** The server's refusal of a message over the limit. */
const TOO_LONG = `Een bericht mag maximaal ${MESSAGE_MAX} tekens lang zijn.`;

const requestsTo = (method: string, path: string) =>
  requests.filter((request) => request.method === method && new URL(request.url).pathname === path);

const conversationLink = (name: RegExp) => screen.getByRole('link', { name });
const composer = () => screen.getByRole('textbox', { name: /^Bericht aan/ });
const messageLog = () => screen.getByRole('log');

/** The message `text` in the thread once the server took it (nothing is on its way any more). */
async function findSent(text: string | RegExp) {
  await vi.waitFor(() => {
    expect(screen.queryByText('Wordt verstuurd...')).not.toBeInTheDocument();
  });
  return within(messageLog()).findByText(text);
}

/** Answers each send with a stored message, and keeps what was sent. */
function acceptMessages(conversationId = 1): string[] {
  const sent: string[] = [];
  onApi(`POST /api/conversations/${conversationId}/messages`, async (request) => {
    const { content } = (await request.json()) as { content: string };
    sent.push(content);
    return {
      status: 201,
      body: {
        messageId: 100 + sent.length,
        timestamp: new Date().toISOString(),
        safetyHint: false,
      },
    };
  });
  return sent;
}

describe('MessagesPage: the inbox', () => {
  it('says there are no conversations yet and asks to pick one', async () => {
    inbox([]);
    openMessages();

    expect(
      await screen.findByText(
        'Nog geen gesprekken. Start een gesprek door een bericht te sturen naar een profiel!',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profielen bekijken' })).toHaveAttribute(
      'href',
      '/profielen',
    );
    expect(screen.getByText('Selecteer een gesprek')).toBeInTheDocument();
    expect(document.title).toBe('Berichten – Oppasmaatje');
  });

  it('shows who, the pet, the last message, when, unread and online for each conversation', async () => {
    inbox([sanne, mo]);
    openMessages();

    const link = await screen.findByRole('link', { name: /Sanne/ });
    expect(link).toHaveAttribute('href', '/berichten?conversation=1');
    expect(link).toHaveTextContent('Bobby');
    expect(link).toHaveTextContent('Jij: Tot morgen!');
    expect(link).toHaveTextContent('2 ongelezen');
    expect(link).toHaveTextContent('zojuist');
    expect(within(link).getByRole('img', { name: 'Online' })).toBeInTheDocument();

    const other = conversationLink(/Mo/);
    expect(other).toHaveTextContent('Kan Luna zaterdag komen?');
    expect(other).not.toHaveTextContent('Jij:');
    expect(other).not.toHaveTextContent('ongelezen');
    expect(within(other).queryByRole('img', { name: 'Online' })).not.toBeInTheDocument();
  });

  it('searches by name or pet name, in any case', async () => {
    const user = userEvent.setup();
    inbox([sanne, mo]);
    openMessages();
    const search = await screen.findByRole('searchbox', { name: 'Zoek in berichten' });
    expect(search).toHaveAttribute('placeholder', 'Zoek in berichten...');
    await screen.findByRole('link', { name: /Sanne/ });

    await user.type(search, 'BOB');
    expect(conversationLink(/Sanne/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Mo/ })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'mo');
    expect(conversationLink(/Mo/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sanne/ })).not.toBeInTheDocument();

    await user.type(search, 'xyz');
    expect(screen.getByText('Geen berichten gevonden')).toBeInTheDocument();
  });

  it('offers to try again when the inbox cannot be loaded', async () => {
    const user = userEvent.setup();
    onApi('GET /api/conversations', {
      status: 500,
      body: { error: 'Mis.', code: 'internal_error' },
    });
    openMessages();

    expect(
      await screen.findByText('Er ging iets mis bij het laden van je gesprekken.'),
    ).toBeInTheDocument();
    inbox([mo]);
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('link', { name: /Mo/ })).toBeInTheDocument();
  });
});

describe('MessagesPage: a conversation', () => {
  it('opens from the address, marks it read and clears its badge', async () => {
    let read = false;
    onApi('GET /api/conversations', () => ({
      status: 200,
      body: { conversations: [{ ...sanne, unreadCount: read ? 0 : 2 }, mo] },
    }));
    thread(1, [aMessage({ id: 5, text: 'Hoe gaat het met Bobby?', isRead: false })]);
    openMessages('/berichten?conversation=1');
    onApi('PUT /api/conversations/1/read', () => {
      read = true;
      return { status: 204 };
    });

    expect(await screen.findByText('Hoe gaat het met Bobby?')).toBeInTheDocument();
    await vi.waitFor(() => {
      expect(requestsTo('PUT', '/api/conversations/1/read')).toHaveLength(1);
    });
    expect(conversationLink(/Sanne/)).not.toHaveTextContent('ongelezen');
    expect(conversationLink(/Sanne/)).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Sanne' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Over Bobby' })).toHaveAttribute(
      'href',
      '/huisdier/30',
    );
  });

  it('opens from the list, and marks nothing when nothing is unread', async () => {
    const user = userEvent.setup();
    inbox([sanne, mo]);
    thread(2, [aMessage({ id: 9, text: 'Kan Luna zaterdag komen?' })]);
    openMessages();

    await user.click(await screen.findByRole('link', { name: /Mo/ }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Mo' })).toBeInTheDocument();
    expect(within(messageLog()).getByText('Kan Luna zaterdag komen?')).toBeInTheDocument();

    // Opening one with unread messages marks it: once that request is out, one for Mo opened
    // earlier would be out too.
    thread(1, [aMessage({ id: 5, text: 'Hoe gaat het met Bobby?', isRead: false })]);
    await user.click(screen.getByRole('link', { name: /Sanne/ }));
    await vi.waitFor(() => {
      expect(requestsTo('PUT', '/api/conversations/1/read')).toHaveLength(1);
    });
    expect(requestsTo('PUT', '/api/conversations/2/read')).toHaveLength(0);
  });

  it('groups messages by day with Dutch times, and marks own ones sent or read', async () => {
    inbox([sanne]);
    thread(1, [
      aMessage({ id: 1, text: 'Goedemorgen!', timestamp: localTime(9, 15, 1) }),
      aMessage({ id: 2, text: 'Zin in!', timestamp: localTime(10, 0), isOwn: true, isRead: true }),
      aMessage({
        id: 3,
        text: 'Tot morgen!',
        timestamp: localTime(10, 5),
        isOwn: true,
        isRead: false,
      }),
    ]);
    openMessages('/berichten?conversation=1');

    const log = await screen.findByRole('log', { name: 'Berichten met Sanne' });
    expect(
      within(log)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Gisteren', 'Vandaag']);
    const [yesterday, today] = within(log).getAllByRole('list');
    expect(yesterday).toHaveTextContent('Sanne:Goedemorgen!09:15');
    expect(today).toHaveTextContent('Jij:Zin in!10:00Gelezen');
    expect(today).toHaveTextContent('Jij:Tot morgen!10:05Verzonden');
  });

  it('shows a date as separator for older days', async () => {
    inbox([sanne]);
    thread(1, [aMessage({ id: 1, text: 'Lang geleden', timestamp: localTime(12, 0, 3) })]);
    openMessages('/berichten?conversation=1');

    const log = await screen.findByRole('log');
    const label = new Date(localTime(12, 0, 3)).toLocaleDateString('nl-NL', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    });
    expect(within(log).getByRole('heading', { level: 3 })).toHaveTextContent(
      new RegExp(`^${label}`),
    );
  });

  it('shows what people wrote as text, line breaks included', async () => {
    inbox([sanne]);
    thread(1, [aMessage({ id: 1, text: '<b>Hallo</b>\nTweede regel' })]);
    openMessages('/berichten?conversation=1');

    const text = await screen.findByText(/<b>Hallo<\/b>/);
    expect(text.textContent).toBe('<b>Hallo</b>\nTweede regel');
    expect(text.querySelector('b')).toBeNull();
  });

  it('says when a conversation has no messages yet', async () => {
    inbox([sanne]);
    thread(1, []);
    openMessages('/berichten?conversation=1');

    expect(await screen.findByText('Nog geen berichten in dit gesprek')).toBeInTheDocument();
  });

  it('shows the notice instead of the box to write in when the conversation takes no messages', async () => {
    const closed = {
      reason: 'accountDeleted' as const,
      notice: 'Dit account bestaat niet meer',
      explanation: 'Je kunt de berichten nog lezen, maar geen nieuwe sturen.',
    };
    inbox([{ ...sanne, closed }]);
    thread(1, [aMessage({ text: 'Tot morgen!', isOwn: true })]);
    openMessages('/berichten?conversation=1');

    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Dit account bestaat niet meer');
    expect(banner).toHaveTextContent('Je kunt de berichten nog lezen, maar geen nieuwe sturen.');
    expect(screen.getByText('Tot morgen!')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Bericht aan/ })).not.toBeInTheDocument();
    // No presence, no reporting or blocking of someone who is gone.
    expect(screen.queryByText('Online', { exact: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Melden' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Blokkeren' })).not.toBeInTheDocument();
  });

  it('warns about a suspended account and says where to tell what happened', async () => {
    const closed = {
      reason: 'suspended' as const,
      notice:
        'Let op: we hebben het account van Sanne geschorst. Stuur geen geld en deel geen gegevens. Heb je al iets gestuurd of afgesproken? Laat het ons weten.',
      explanation: 'Je kunt de berichten nog lezen, maar geen nieuwe sturen.',
    };
    inbox([{ ...sanne, closed }]);
    thread(1, [aMessage({ text: 'Stuur eerst 50 euro.' })]);
    openMessages('/berichten?conversation=1');

    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Let op: we hebben het account van Sanne geschorst.');
    expect(within(banner).getByRole('link', { name: CONTACT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${CONTACT_EMAIL}`,
    );
    expect(screen.queryByRole('textbox', { name: /^Bericht aan/ })).not.toBeInTheDocument();
  });

  it('closes an open thread live: the banner replaces the box to write in and presence ends', async () => {
    useFakeEventSource();
    let conversation = sanne;
    onApi('GET /api/conversations', () => ({
      status: 200,
      body: { conversations: [conversation] },
    }));
    let closed: MessagePage['closed'] = null;
    onApi('GET /api/conversations/1/messages', () => ({
      status: 200,
      body: { messages: [aMessage({ text: 'Hoi!' })], hasMore: false, closed },
    }));
    openMessages('/berichten?conversation=1');
    expect(await screen.findByRole('textbox', { name: 'Bericht aan Sanne' })).toBeInTheDocument();
    expect(screen.getAllByText('Online', { exact: true }).length).toBeGreaterThan(0);

    closed = {
      reason: 'unavailable',
      notice: 'Sanne is niet meer beschikbaar',
      explanation: 'Je kunt de berichten nog lezen, maar geen nieuwe sturen.',
    };
    conversation = { ...sanne, isOnline: false, closed };
    act(() => {
      latestEventSource().emit({
        type: 'conversationClosed',
        conversationId: 1,
        reason: 'unavailable',
      });
    });

    expect(await screen.findByText('Sanne is niet meer beschikbaar')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Bericht aan Sanne' })).not.toBeInTheDocument();
    expect(screen.queryByText('Online', { exact: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Blokkeren' })).not.toBeInTheDocument();
  });

  it('offers to try again when the messages cannot be loaded, then shows them', async () => {
    const user = userEvent.setup();
    inbox([sanne]);
    onApi('GET /api/conversations/1/messages', {
      status: 500,
      body: { error: 'Mis.', code: 'internal_error' },
    });
    openMessages('/berichten?conversation=1');

    expect(
      await screen.findByText('Er ging iets mis bij het laden van de berichten.'),
    ).toBeInTheDocument();
    thread(1, [aMessage({ text: 'Tot morgen!', isOwn: true })]);
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await within(await screen.findByRole('log')).findByText('Tot morgen!')).toBeVisible();
  });

  it('says when a conversation does not exist', async () => {
    inbox([sanne]);
    openMessages('/berichten?conversation=77');

    expect(await screen.findByText('Gesprek niet gevonden')).toBeInTheDocument();
  });

  it('loads older messages on request and keeps them in order', async () => {
    const user = userEvent.setup();
    inbox([sanne]);
    onApi('GET /api/conversations/1/messages', (request) => {
      const before = new URL(request.url).searchParams.get('before');
      return before === '51'
        ? {
            status: 200,
            body: { messages: [aMessage({ id: 50, text: 'Het eerste bericht' })], hasMore: false },
          }
        : {
            status: 200,
            body: {
              messages: [aMessage({ id: 51, text: 'Tweede' }), aMessage({ id: 52, text: 'Derde' })],
              hasMore: true,
            },
          };
    });
    openMessages('/berichten?conversation=1');

    await user.click(await screen.findByRole('button', { name: 'Oudere berichten laden' }));

    expect(await screen.findByText('Het eerste bericht')).toBeInTheDocument();
    expect(messageLog()).toHaveTextContent(/Het eerste bericht.*Tweede.*Derde/);
    expect(
      screen.queryByRole('button', { name: 'Oudere berichten laden' }),
    ).not.toBeInTheDocument();
  });

  it('goes back to the list with the back button', async () => {
    const user = userEvent.setup();
    inbox([sanne]);
    thread(1, [aMessage({ id: 1, text: 'Hoi!' })]);
    openMessages('/berichten?conversation=1');
    await screen.findByRole('log');

    await user.click(screen.getByRole('button', { name: 'Terug naar gesprekken' }));

    expect(await screen.findByText('Selecteer een gesprek')).toBeInTheDocument();
    expect(screen.queryByRole('log')).not.toBeInTheDocument();
  });

  it('shows a new message live and marks it read', async () => {
    useFakeEventSource();
    inbox([sanne]);
    let messages = [aMessage({ id: 1, text: 'Hoi!' })];
    onApi('GET /api/conversations/1/messages', () => ({
      status: 200,
      body: { messages, hasMore: false },
    }));
    openMessages('/berichten?conversation=1');
    await screen.findByText('Hoi!');
    const readsBefore = requestsTo('PUT', '/api/conversations/1/read').length;

    messages = [...messages, aMessage({ id: 2, text: 'Ben je er nog?', isRead: false })];
    act(() => {
      latestEventSource().emit({ type: 'message', conversationId: 1, messageId: 2, senderId: 8 });
    });

    expect(await screen.findByText('Ben je er nog?')).toBeInTheDocument();
    await vi.waitFor(() => {
      expect(requestsTo('PUT', '/api/conversations/1/read').length).toBe(readsBefore + 1);
    });
  });
});

describe('MessagesPage: writing', () => {
  beforeEach(() => {
    inbox([sanne]);
    thread(1, [aMessage({ id: 1, text: 'Hoi!' })]);
  });

  it('sends with Enter, trimmed, shows the message and empties the box', async () => {
    const user = userEvent.setup();
    const sent = acceptMessages();
    openMessages('/berichten?conversation=1');
    await screen.findByRole('log');

    await user.type(composer(), '  Hallo Sanne  {Enter}');

    expect(await findSent('Hallo Sanne')).toBeInTheDocument();
    expect(sent).toEqual(['Hallo Sanne']);
    expect(composer()).toHaveValue('');
    expect(composer()).toHaveFocus();
  });

  it('shows why a send was refused in the thread, without offering to try again', async () => {
    const user = userEvent.setup();
    onApi('POST /api/conversations/1/messages', {
      status: 403,
      body: {
        error: 'Deze persoon is niet meer beschikbaar. Je bericht is niet verstuurd.',
        code: 'unavailable',
      },
    });
    openMessages('/berichten?conversation=1');
    await screen.findByRole('log');

    await user.type(composer(), 'Ben je er nog?{Enter}');

    expect(
      await screen.findByText(
        'Deze persoon is niet meer beschikbaar. Je bericht is niet verstuurd.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Probeer opnieuw/)).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Bericht aan/ })).not.toBeInTheDocument();
  });

  it('sends with the button too', async () => {
    const user = userEvent.setup();
    const sent = acceptMessages();
    openMessages('/berichten?conversation=1');
    await screen.findByRole('log');

    await user.type(composer(), 'Met de knop');
    await user.click(screen.getByRole('button', { name: 'Versturen' }));

    await vi.waitFor(() => {
      expect(sent).toEqual(['Met de knop']);
    });
  });

  it('starts a new line with Shift+Enter and sends nothing', async () => {
    const user = userEvent.setup();
    const sent = acceptMessages();
    openMessages('/berichten?conversation=1');
    await screen.findByRole('log');

    await user.type(composer(), 'Regel 1{Shift>}{Enter}{/Shift}Regel 2');
    expect(composer()).toHaveValue('Regel 1\nRegel 2');

    // The message that is sent is the first and only one: Shift+Enter sent nothing.
    await user.keyboard('{Enter}');
    expect(await findSent(/Regel 2/)).toBeInTheDocument();
    expect(sent).toEqual(['Regel 1\nRegel 2']);
  });

  it('sends nothing that is blank', async () => {
    const user = userEvent.setup();
    const sent = acceptMessages();
    openMessages('/berichten?conversation=1');
    await screen.findByRole('log');

    await user.type(composer(), '   {Enter}');
    expect(screen.getByRole('button', { name: 'Versturen' })).toBeDisabled();

    // The message that is sent is the first and only one: the blank one went nowhere.
    await user.type(composer(), 'Hallo{Enter}');
    expect(await findSent('Hallo')).toBeInTheDocument();
    expect(requestsTo('POST', '/api/conversations/1/messages')).toHaveLength(1);
    expect(sent).toEqual(['Hallo']);
  });

  it('shows a message at once as on its way and sends the next one after it, in order', async () => {
    const user = userEvent.setup();
    const answers: ((response: FakeResponse) => void)[] = [];
    const sent: string[] = [];
    onApi('POST /api/conversations/1/messages', async (request) => {
      const { content } = (await request.json()) as { content: string };
      sent.push(content);
      return new Promise<FakeResponse>((resolve) => {
        answers.push(resolve);
      });
    });
    openMessages('/berichten?conversation=1');
    await screen.findByRole('log');

    await user.type(composer(), 'Een{Enter}');
    await user.type(composer(), 'Twee{Enter}');

    // Both show at once, the box is free; only the first is on its way.
    expect(composer()).toHaveValue('');
    const waiting = within(screen.getByRole('list', { name: 'Nog niet verstuurd' }));
    expect(waiting.getByText('Een')).toBeInTheDocument();
    expect(waiting.getByText('Twee')).toBeInTheDocument();
    expect(waiting.getAllByRole('status')).toHaveLength(2);
    expect(waiting.getAllByRole('status')[0]).toHaveTextContent('Wordt verstuurd...');
    await vi.waitFor(() => {
      expect(sent).toEqual(['Een']);
    });

    answers[0]?.({
      status: 201,
      body: { messageId: 101, timestamp: new Date().toISOString(), safetyHint: false },
    });
    await vi.waitFor(() => {
      expect(sent).toEqual(['Een', 'Twee']);
    });
    answers[1]?.({
      status: 201,
      body: { messageId: 102, timestamp: new Date().toISOString(), safetyHint: false },
    });
    expect(await findSent('Twee')).toBeInTheDocument();
    expect(within(messageLog()).getByText('Een')).toBeInTheDocument();
    expect(requestsTo('POST', '/api/conversations/1/messages')).toHaveLength(2);
  });

  it('sends a message submitted twice within one render under one idempotency key', async () => {
    // As the server answers: one message per key, the same answer to a repeat.
    const stored = new Map<string | null, number>();
    onApi('POST /api/conversations/1/messages', (request) => {
      const key = request.headers.get('Idempotency-Key');
      const messageId = stored.get(key) ?? 100 + stored.size + 1;
      stored.set(key, messageId);
      return {
        status: 201,
        body: { messageId, timestamp: new Date().toISOString(), safetyHint: false },
      };
    });
    openMessages('/berichten?conversation=1');
    await screen.findByRole('log');
    const user = userEvent.setup();
    await user.type(composer(), 'Dubbel');
    const form = composer().closest('form');
    if (form === null) throw new Error('the composer is a form');

    // Two submits before React renders again: the second still sees the first's state.
    act(() => {
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });

    expect(await findSent('Dubbel')).toBeInTheDocument();
    expect(stored.size).toBe(1);
    const keys = requestsTo('POST', '/api/conversations/1/messages').map((request) =>
      request.headers.get('Idempotency-Key'),
    );
    expect(keys.length).toBeGreaterThan(0);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('sends the next message under a new key', async () => {
    const user = userEvent.setup();
    acceptMessages();
    openMessages('/berichten?conversation=1');
    await screen.findByRole('log');

    await user.type(composer(), 'Een{Enter}');
    expect(await findSent('Een')).toBeInTheDocument();
    await user.type(composer(), 'Een{Enter}');
    await vi.waitFor(() => {
      expect(requestsTo('POST', '/api/conversations/1/messages')).toHaveLength(2);
    });
    const [first, second] = requestsTo('POST', '/api/conversations/1/messages').map((request) =>
      request.headers.get('Idempotency-Key'),
    );
    expect(first).not.toBe(second);
  });

  it.each([
    ['a failed answer', { status: 500 }, 'Bericht versturen mislukt. Probeer opnieuw.'],
    [
      'a refused text',
      {
        status: 422,
        body: {
          error: TOO_LONG,
          code: 'invalid_input',
          field: 'content',
        },
      },
      TOO_LONG,
    ],
    [
      'too many messages',
      {
        status: 429,
        body: {
          error:
            'Je hebt veel berichten kort na elkaar gestuurd. Wacht even en probeer het opnieuw.',
          code: 'too_many_requests',
        },
        headers: { 'Retry-After': '30' },
      },
      'Je hebt veel berichten kort na elkaar gestuurd. Wacht even en probeer het opnieuw.',
    ],
  ])(
    'marks a message not sent after %s, says why, and sends it again on request',
    async (_case, response, text) => {
      const user = userEvent.setup();
      onApi('POST /api/conversations/1/messages', response);
      openMessages('/berichten?conversation=1');
      await screen.findByRole('log');

      await user.type(composer(), 'Mijn bericht{Enter}');

      const waiting = await screen.findByRole('list', { name: 'Nog niet verstuurd' });
      await within(waiting).findByText(`Niet verstuurd. ${text}`);
      expect(within(waiting).getByText('Mijn bericht')).toBeInTheDocument();
      expect(composer()).toHaveValue('');
      // Tried once: a refusal is not repeated on its own.
      expect(requestsTo('POST', '/api/conversations/1/messages')).toHaveLength(1);

      acceptMessages();
      await user.click(within(waiting).getByRole('button', { name: 'Opnieuw proberen' }));
      expect(await findSent('Mijn bericht')).toBeInTheDocument();
      expect(screen.queryByText(/Niet verstuurd/)).not.toBeInTheDocument();
      expect(requestsTo('POST', '/api/conversations/1/messages')).toHaveLength(2);
    },
  );

  it('tries a refused message again under a new key, a failed one under the same', async () => {
    const user = userEvent.setup();
    onApi('POST /api/conversations/1/messages', {
      status: 422,
      body: { error: TOO_LONG, code: 'invalid_input', field: 'content' },
    });
    openMessages('/berichten?conversation=1');
    await screen.findByRole('log');
    await user.type(composer(), 'Mijn bericht{Enter}');
    await screen.findByText(/Niet verstuurd/);

    onApi('POST /api/conversations/1/messages', { status: 503 });
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    await vi.waitFor(() => {
      expect(requestsTo('POST', '/api/conversations/1/messages')).toHaveLength(2);
    });
    await screen.findByText('Niet verstuurd. Bericht versturen mislukt. Probeer opnieuw.');

    acceptMessages();
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    await findSent('Mijn bericht');
    const [refused, failed, accepted] = requestsTo('POST', '/api/conversations/1/messages').map(
      (request) => request.headers.get('Idempotency-Key'),
    );
    expect(failed).not.toBe(refused);
    expect(accepted).toBe(failed);
  });

  it('removes a message not sent on request', async () => {
    const user = userEvent.setup();
    onApi('POST /api/conversations/1/messages', { status: 500 });
    openMessages('/berichten?conversation=1');
    await screen.findByRole('log');
    await user.type(composer(), 'Weg ermee{Enter}');
    await screen.findByText(/Niet verstuurd/);

    // By keyboard: the buttons are reachable with Tab.
    const remove = screen.getByRole('button', { name: 'Verwijderen' });
    remove.focus();
    await user.keyboard('{Enter}');

    expect(screen.queryByText('Weg ermee')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Nog niet verstuurd' })).not.toBeInTheDocument();
    expect(window.localStorage.length).toBe(0);
    expect(requestsTo('POST', '/api/conversations/1/messages')).toHaveLength(1);
  });

  it('keeps a message written without a connection as on its way, and sends it once back online', async () => {
    const user = userEvent.setup();
    onApi('POST /api/conversations/1/messages', () =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    openMessages('/berichten?conversation=1');
    await screen.findByRole('log');

    await user.type(composer(), 'Mijn bericht{Enter}');

    const waiting = await screen.findByRole('list', { name: 'Nog niet verstuurd' });
    expect(within(waiting).getByRole('status')).toHaveTextContent('Wordt verstuurd...');
    expect(composer()).toHaveValue('');
    await vi.waitFor(() => {
      expect(requestsTo('POST', '/api/conversations/1/messages')).toHaveLength(1);
    });
    expect(within(waiting).getByRole('status')).toHaveTextContent('Wordt verstuurd...');
    expect(screen.queryByRole('button', { name: 'Opnieuw proberen' })).not.toBeInTheDocument();

    const sent = acceptMessages();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await findSent('Mijn bericht')).toBeInTheDocument();
    expect(sent).toEqual(['Mijn bericht']);
  });

  it('counts characters near the limit and refuses a message that is too long', async () => {
    const user = userEvent.setup();
    const sent = acceptMessages();
    openMessages('/berichten?conversation=1');
    await screen.findByRole('log');

    await user.click(composer());
    const near = MESSAGE_MAX - 150;
    await user.paste('a'.repeat(near));
    expect(screen.getByText(`${near} / ${MESSAGE_MAX} tekens`)).toBeInTheDocument();

    await user.paste('b'.repeat(151));
    expect(
      screen.getByText(`${MESSAGE_MAX + 1} / ${MESSAGE_MAX} tekens`, { exact: false }),
    ).toBeInTheDocument();
    expect(composer()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Versturen' })).toBeDisabled();
    await user.keyboard('{Enter}');

    // One character less is sent, as the first and only message.
    await user.keyboard('{Backspace}{Enter}');
    const longest = 'a'.repeat(near) + 'b'.repeat(150);
    await vi.waitFor(() => {
      expect(sent).toEqual([longest]);
    });
  });
});

describe('MessagesPage: the live connection overlay', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('is absent from production builds', async () => {
    vi.stubEnv('DEV', false);
    inbox([]);
    openMessages();
    await screen.findByText('Selecteer een gesprek');

    expect(screen.queryByRole('button', { name: /Live-verbinding/ })).not.toBeInTheDocument();
  });

  it('shows the state of the connection in development builds', async () => {
    const user = userEvent.setup();
    vi.stubEnv('DEV', true);
    inbox([]);
    openMessages();

    await user.click(await screen.findByRole('button', { name: 'Live-verbinding tonen' }));

    expect(screen.getByRole('region', { name: 'Live-verbinding' })).toHaveTextContent('Status:');
  });
});
