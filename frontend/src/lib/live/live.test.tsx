import { QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/lib/api/openapi';
import { useAuth } from '@/lib/auth/use-auth';
import { applyLiveEvent } from '@/lib/live/apply-live-event';
import { LiveChannel } from '@/lib/live/live-channel';
import type { LiveEvent } from '@/lib/live/live-event';
import { parseLiveEvent } from '@/lib/live/parse-live-event';
import { useLiveStatus } from '@/lib/live/use-live';
import { messagingKeys } from '@/lib/messaging/keys';
import { aUser, fakeSession, onApi } from '@/testing/fake-api';
import {
  FakeEventSource,
  latestEventSource,
  useFakeEventSource,
} from '@/testing/fake-event-source';
import { aConversation } from '@/testing/messages';
import { renderWithProviders } from '@/testing/render';
import { Viewer } from '@/testing/viewer';

type ConversationList = components['schemas']['ConversationList'];

/** A cache holding the inbox, two threads and the unread count, all fresh. */
function filledCache(): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData(messagingKeys.conversations(), {
    conversations: [aConversation(), aConversation({ id: 2, otherUserId: 9, name: 'Mo' })],
  });
  queryClient.setQueryData(messagingKeys.thread(1), { pages: [], pageParams: [] });
  queryClient.setQueryData(messagingKeys.thread(2), { pages: [], pageParams: [] });
  queryClient.setQueryData(messagingKeys.unread(), 0);
  queryClient.setQueryData(messagingKeys.appointmentsOf(1), []);
  queryClient.setQueryData(messagingKeys.appointmentsOf(2), []);
  queryClient.setQueryData(messagingKeys.myAppointments(), { upcoming: [], past: [], awaitingAnswer: [] });
  return queryClient;
}

const invalidated = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated ?? false;

function StatusProbe() {
  const { logout } = useAuth();
  return (
    <>
      <p>Live: {useLiveStatus()}</p>
      <button type="button" onClick={() => void logout()}>
        Uitloggen
      </button>
    </>
  );
}

describe('parseLiveEvent', () => {
  it('reads the three kinds of event in camelCase', () => {
    expect(
      parseLiveEvent('{"type":"message","conversationId":4,"messageId":9,"senderId":2}'),
    ).toEqual({ type: 'message', conversationId: 4, messageId: 9, senderId: 2 });
    expect(parseLiveEvent('{"type":"read","conversationId":4,"readerId":2,"upTo":9}')).toEqual({
      type: 'read',
      conversationId: 4,
      readerId: 2,
      upTo: 9,
    });
    expect(parseLiveEvent('{"type":"presence","userId":2,"isOnline":true}')).toEqual({
      type: 'presence',
      userId: 2,
      isOnline: true,
    });
  });

  it('reads an afspraak that changed', () => {
    expect(parseLiveEvent('{"type":"afspraak","conversationId":4,"appointmentId":7}')).toEqual({
      type: 'afspraak',
      conversationId: 4,
      appointmentId: 7,
    });
    expect(parseLiveEvent('{"type":"afspraak","conversationId":4}')).toBeNull();
  });

  it('ignores what it does not know or cannot read', () => {
    expect(parseLiveEvent('{"type":"sessionEnded","session":"x"}')).toBeNull();
    expect(parseLiveEvent('{"type":"message","conversationId":"4"}')).toBeNull();
    expect(parseLiveEvent('niet json')).toBeNull();
  });
});

describe('applyLiveEvent', () => {
  it('has a new message read again: the inbox, its thread and the unread count, not other threads', () => {
    const queryClient = filledCache();
    applyLiveEvent(queryClient, { type: 'message', conversationId: 1, messageId: 5, senderId: 8 });

    expect(invalidated(queryClient, messagingKeys.conversations())).toBe(true);
    expect(invalidated(queryClient, messagingKeys.thread(1))).toBe(true);
    expect(invalidated(queryClient, messagingKeys.unread())).toBe(true);
    expect(invalidated(queryClient, messagingKeys.thread(2))).toBe(false);
  });

  it('has a read receipt read again for its own thread only', () => {
    const queryClient = filledCache();
    applyLiveEvent(queryClient, { type: 'read', conversationId: 2, readerId: 9, upTo: 5 });

    expect(invalidated(queryClient, messagingKeys.thread(2))).toBe(true);
    expect(invalidated(queryClient, messagingKeys.unread())).toBe(true);
    expect(invalidated(queryClient, messagingKeys.thread(1))).toBe(false);
  });

  it("has an afspraak's conversation and one's own afspraken read again, not other conversations", () => {
    const queryClient = filledCache();
    applyLiveEvent(queryClient, { type: 'afspraak', conversationId: 2, appointmentId: 7 });

    expect(invalidated(queryClient, messagingKeys.appointmentsOf(2))).toBe(true);
    expect(invalidated(queryClient, messagingKeys.myAppointments())).toBe(true);
    expect(invalidated(queryClient, messagingKeys.appointmentsOf(1))).toBe(false);
    expect(invalidated(queryClient, messagingKeys.conversations())).toBe(false);
  });

  it('writes a change of presence into the inbox without reading anything again', () => {
    const queryClient = filledCache();
    applyLiveEvent(queryClient, { type: 'presence', userId: 9, isOnline: true });

    const list = queryClient.getQueryData<ConversationList>(messagingKeys.conversations());
    expect(list?.conversations.map((c) => [c.name, c.isOnline])).toEqual([
      ['Sanne', false],
      ['Mo', true],
    ]);
    expect(invalidated(queryClient, messagingKeys.conversations())).toBe(false);
  });
});

describe('LiveChannel', () => {
  beforeEach(() => {
    useFakeEventSource();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries again later, waiting longer each time, when the browser gives up on the stream', () => {
    const channel = new LiveChannel();
    const onLost = vi.fn();
    channel.connect({ onEvent: vi.fn(), onOpen: vi.fn(), onLost });
    latestEventSource().fail({ closed: true });

    expect(onLost).toHaveBeenCalledTimes(1);
    expect(channel.getStatus()).toBe('retrying');
    vi.advanceTimersByTime(2_999);
    expect(FakeEventSource.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.made).toHaveLength(2);

    latestEventSource().fail({ closed: true });
    vi.advanceTimersByTime(3_000);
    expect(FakeEventSource.made).toHaveLength(2);
    vi.advanceTimersByTime(3_000);
    expect(FakeEventSource.made).toHaveLength(3);
    channel.disconnect();
  });

  it('reads again on every open when it does not know what the reads have seen', () => {
    const channel = new LiveChannel();
    const onOpen = vi.fn();
    channel.connect({ onEvent: vi.fn(), onOpen, onLost: vi.fn() });
    expect(latestEventSource().url).toBe('/api/events');
    latestEventSource().open();
    expect(onOpen).toHaveBeenCalledTimes(1);
    channel.disconnect();
  });

  it('opens after what the reads have seen once, and reads again after the browser gave up', () => {
    const channel = new LiveChannel();
    const onOpen = vi.fn();
    channel.connect({ onEvent: vi.fn(), onOpen, onLost: vi.fn() }, 12);
    expect(latestEventSource().url).toBe('/api/events?lastEventId=12');
    latestEventSource().open();
    expect(onOpen).not.toHaveBeenCalled();

    latestEventSource().fail({ closed: true });
    vi.advanceTimersByTime(3_000);
    expect(latestEventSource().url).toBe('/api/events');
    latestEventSource().open();
    expect(onOpen).toHaveBeenCalledTimes(1);
    channel.disconnect();
  });

  it('leaves reconnecting to the browser while it is still trying', () => {
    const channel = new LiveChannel();
    channel.connect({ onEvent: vi.fn(), onOpen: vi.fn(), onLost: vi.fn() });
    latestEventSource().fail({ closed: false });
    vi.advanceTimersByTime(60_000);

    expect(channel.getStatus()).toBe('connecting');
    expect(FakeEventSource.made).toHaveLength(1);
    channel.disconnect();
  });

  it('stops trying once disconnected', () => {
    const channel = new LiveChannel();
    channel.connect({ onEvent: vi.fn(), onOpen: vi.fn(), onLost: vi.fn() });
    latestEventSource().fail({ closed: true });
    channel.disconnect();
    vi.advanceTimersByTime(60_000);

    expect(FakeEventSource.made).toHaveLength(1);
    expect(channel.getStatus()).toBe('closed');
  });
});

describe('LiveUpdatesProvider', () => {
  beforeEach(() => {
    useFakeEventSource();
  });

  it('opens no stream for a visitor', async () => {
    fakeSession(null);
    renderWithProviders(
      <>
        <Viewer />
        <StatusProbe />
      </>,
    );
    // 'closed' is also the state before the session is known: wait until it is.
    expect(await screen.findByText('Niet ingelogd')).toBeInTheDocument();
    expect(screen.getByText('Live: closed')).toBeInTheDocument();
    expect(FakeEventSource.made).toHaveLength(0);
  });

  it('opens one stream for a signed-in person and closes it on logout', async () => {
    const user = userEvent.setup();
    fakeSession(aUser());
    onApi('POST /api/logout', { status: 204 });
    renderWithProviders(<StatusProbe />);

    expect(await screen.findByText('Live: connecting')).toBeInTheDocument();
    const source = latestEventSource();
    expect(source.url).toBe('/api/events?lastEventId=0');
    act(() => {
      source.open();
    });
    expect(screen.getByText('Live: open')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Uitloggen' }));
    expect(await screen.findByText('Live: closed')).toBeInTheDocument();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    expect(
      FakeEventSource.made.filter((made) => made.readyState !== FakeEventSource.CLOSED),
    ).toEqual([]);
  });

  it('starts the stream after the session read, and reads everything about messages again only when it reopens', async () => {
    fakeSession(aUser({ last_event: 41 }));
    const { queryClient } = renderWithProviders(<StatusProbe />);
    await screen.findByText('Live: connecting');
    const source = latestEventSource();
    expect(source.url).toBe('/api/events?lastEventId=41');
    queryClient.setQueryData(messagingKeys.unread(), 1);
    queryClient.setQueryData(messagingKeys.thread(3), { pages: [], pageParams: [] });

    // The first open brings every event after 41: the reads made after the session stand.
    act(() => {
      source.open();
    });
    expect(invalidated(queryClient, messagingKeys.unread())).toBe(false);
    expect(invalidated(queryClient, messagingKeys.thread(3))).toBe(false);

    // The browser reconnects by itself after a drop, which can be longer than events are kept.
    act(() => {
      source.fail({ closed: false });
      source.open();
    });
    expect(invalidated(queryClient, messagingKeys.unread())).toBe(true);
    expect(invalidated(queryClient, messagingKeys.thread(3))).toBe(true);
  });

  it('passes the events of the stream to the cache', async () => {
    fakeSession(aUser());
    const { queryClient } = renderWithProviders(<StatusProbe />);
    await screen.findByText('Live: connecting');
    act(() => {
      latestEventSource().open();
    });
    queryClient.setQueryData(messagingKeys.thread(4), { pages: [], pageParams: [] });
    queryClient.setQueryData(messagingKeys.thread(5), { pages: [], pageParams: [] });

    act(() => {
      latestEventSource().emit({ type: 'message', conversationId: 4, messageId: 1, senderId: 8 });
    });

    // The checks load with the first event: it is passed on a moment later.
    await vi.waitFor(() => {
      expect(invalidated(queryClient, messagingKeys.thread(4))).toBe(true);
    });
    expect(invalidated(queryClient, messagingKeys.thread(5))).toBe(false);
  });

  it('passes on the events after one whose handling failed', async () => {
    const seen: LiveEvent[] = [];
    const failed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const channel = new LiveChannel();
    channel.connect({
      onEvent: (event) => {
        if (event.type === 'message') throw new Error('kapot');
        seen.push(event);
      },
      onOpen: vi.fn(),
      onLost: vi.fn(),
    });
    const source = latestEventSource();
    source.open();
    source.emit({ type: 'message', conversationId: 4, messageId: 1, senderId: 8 });
    source.emit({ type: 'presence', userId: 8, isOnline: true });

    await vi.waitFor(() => {
      expect(seen.map((event) => event.type)).toEqual(['presence']);
    });
    expect(failed).toHaveBeenCalledWith('A live event was not applied', expect.any(Error));
    channel.disconnect();
  });

  it('passes events on in the order they came', async () => {
    const seen: LiveEvent[] = [];
    const channel = new LiveChannel();
    channel.connect({ onEvent: (event) => seen.push(event), onOpen: vi.fn(), onLost: vi.fn() });
    const source = latestEventSource();
    source.open();
    source.emit({ type: 'message', conversationId: 4, messageId: 1, senderId: 8 });
    source.emit('niet json');
    source.emit({ type: 'read', conversationId: 4, readerId: 8, upTo: 1 });
    source.emit({ type: 'presence', userId: 8, isOnline: false });

    await vi.waitFor(() => {
      expect(seen.map((event) => event.type)).toEqual(['message', 'read', 'presence']);
    });
    channel.disconnect();
  });
});
