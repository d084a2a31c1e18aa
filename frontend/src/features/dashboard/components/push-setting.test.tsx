import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PushDevice } from '@/features/dashboard/api/push';
import {
  PUSH_BLOCKED,
  PUSH_ON,
  PUSH_PREVIEWS_LABEL,
  PUSH_TITLE,
  PUSH_TURN_ON_FAILED,
  PUSH_UNAVAILABLE,
  PUSH_UNSUPPORTED,
  PushSetting,
} from '@/features/dashboard/components/push-setting';
import { register } from '@/lib/pwa/register';
import { aUser, fakeSession, onApi, type FakeResponse } from '@/testing/fake-api';
import {
  aSubscription,
  AUTH,
  installFakePush,
  P256DH,
  PUBLIC_KEY,
  PUBLIC_KEY_BYTES,
} from '@/testing/fake-push';
import { renderWithProviders } from '@/testing/render';

// The real module registers Workbox's worker through a module only a build makes.
vi.mock('@/lib/pwa/register', () => ({ register: vi.fn() }));

const TURN_ON = 'Meldingen aanzetten';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function aDevice(overrides: Partial<PushDevice> = {}): PushDevice {
  return {
    id: 5,
    name: 'Firefox op Windows',
    endpoint: 'https://push.example.net/send/elders',
    createdAt: '2026-11-12T12:00:00Z',
    ...overrides,
  };
}

/** The push endpoints as the server keeps them, with every request body they received. */
function pushServer({
  publicKey = PUBLIC_KEY,
  previews = false,
  devices = [],
  addAnswer,
}: {
  publicKey?: string | null;
  previews?: boolean;
  devices?: PushDevice[];
  addAnswer?: FakeResponse;
} = {}) {
  const server = {
    previews,
    devices: [...devices],
    added: [] as unknown[],
    removed: [] as number[],
    tested: [] as number[],
    previewsSent: [] as unknown[],
    keys: [] as (string | null)[],
  };
  onApi('GET /api/push', () => ({
    status: 200,
    body: { publicKey, previews: server.previews, devices: server.devices, maxDevices: 10 },
  }));
  onApi('POST /api/push/devices', async (request) => {
    const body = (await request.json()) as { endpoint: string };
    server.added.push(body);
    server.keys.push(request.headers.get('Idempotency-Key'));
    if (addAnswer) return addAnswer;
    const device = aDevice({
      id: 12,
      name: 'Chrome op Android',
      endpoint: body.endpoint,
      createdAt: '2026-11-28T12:00:00Z',
    });
    server.devices.push(device);
    return { status: 201, body: device };
  });
  for (const id of [3, 5, 12]) {
    onApi(`DELETE /api/push/devices/${String(id)}`, () => {
      server.removed.push(id);
      server.devices = server.devices.filter((device) => device.id !== id);
      return { status: 204 };
    });
    onApi(`POST /api/push/devices/${String(id)}/test`, () => {
      server.tested.push(id);
      return { status: 202 };
    });
  }
  onApi('PUT /api/push/previews', async (request) => {
    const body = (await request.json()) as { previews: boolean };
    server.previewsSent.push(body);
    server.previews = body.previews;
    return { status: 200, body };
  });
  return server;
}

async function renderSection() {
  fakeSession(aUser());
  renderWithProviders(<PushSetting />);
  const section = await screen.findByRole('region', { name: PUSH_TITLE });
  // Past the skeleton: the section has said what it holds.
  await waitFor(() => {
    expect(within(section).queryByRole('status', { name: 'Laden...' })).not.toBeInTheDocument();
  });
  return section;
}

describe('PushSetting', () => {
  it('says this browser cannot receive notifications, and still lists the devices that do', async () => {
    pushServer({ devices: [aDevice()] });
    const section = await renderSection();

    expect(within(section).getByText(PUSH_UNSUPPORTED)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: TURN_ON })).not.toBeInTheDocument();
    expect(within(section).queryByText(/beginscherm/)).not.toBeInTheDocument();
    const list = within(section).getByRole('list', { name: 'Apparaten met meldingen' });
    expect(within(list).getByText('Firefox op Windows')).toBeInTheDocument();
    expect(within(list).getByText('sinds 12 november 2026')).toBeInTheDocument();
    expect(within(section).getByText(/hoogstens 10 apparaten/)).toBeInTheDocument();
  });

  it('tells someone on an iPhone to put the app on the home screen first', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({ matches: false, media: query }),
    });
    try {
      pushServer();
      const section = await renderSection();

      expect(within(section).getByText(PUSH_UNSUPPORTED)).toBeInTheDocument();
      expect(
        within(section).getByText(
          'Op een iPhone of iPad: zet Oppasmaatje eerst op je beginscherm.',
        ),
      ).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('says notifications are not available when the server has no key, and offers nothing', async () => {
    installFakePush();
    pushServer({ publicKey: null, devices: [aDevice()] });
    const section = await renderSection();

    expect(within(section).getByText(PUSH_UNAVAILABLE)).toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    expect(within(section).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('says the browser blocks notifications, without a button that cannot work', async () => {
    installFakePush({ permission: 'denied' });
    pushServer();
    const section = await renderSection();

    expect(await within(section).findByText(PUSH_BLOCKED)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: TURN_ON })).not.toBeInTheDocument();
  });

  it('turns notifications on: asks, subscribes with the server key and stores the subscription', async () => {
    const user = userEvent.setup();
    const push = installFakePush();
    const server = pushServer();
    const section = await renderSection();

    expect(
      within(section).getByText(
        'Je krijgt een melding bij een nieuw bericht en bij nieuws over een afspraak, als Oppasmaatje niet open is.',
      ),
    ).toBeInTheDocument();
    await user.click(await within(section).findByRole('button', { name: TURN_ON }));

    expect(await within(section).findByText(PUSH_ON)).toBeInTheDocument();
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    expect(push.subscribe).toHaveBeenCalledTimes(1);
    const options = push.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    expect(Array.from(options?.applicationServerKey as Uint8Array)).toEqual(PUBLIC_KEY_BYTES);
    // Exactly the endpoint and the keys: not the browser's expirationTime.
    expect(server.added).toStrictEqual([
      { endpoint: push.subscription?.endpoint, keys: { p256dh: P256DH, auth: AUTH } },
    ]);
    expect(server.keys).toHaveLength(1);
    expect(server.keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    const list = within(section).getByRole('list', { name: 'Apparaten met meldingen' });
    expect(within(list).getByText('Chrome op Android (dit apparaat)')).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('registers the service worker at once when the page has not yet done so', async () => {
    const user = userEvent.setup();
    const push = installFakePush({ registered: false });
    vi.mocked(register).mockClear();
    vi.mocked(register).mockImplementation(() => {
      push.register();
    });
    const server = pushServer();
    const section = await renderSection();

    await user.click(await within(section).findByRole('button', { name: TURN_ON }));

    expect(await within(section).findByText(PUSH_ON)).toBeInTheDocument();
    expect(register).toHaveBeenCalledTimes(1);
    expect(server.added).toHaveLength(1);
  });

  it('ends a subscription made with another server key before subscribing anew', async () => {
    const user = userEvent.setup();
    const old = aSubscription(new Uint8Array([4, 1, 2, 3]).buffer);
    const push = installFakePush({ permission: 'granted', subscription: old });
    const server = pushServer();
    const section = await renderSection();

    await user.click(await within(section).findByRole('button', { name: TURN_ON }));

    expect(await within(section).findByText(PUSH_ON)).toBeInTheDocument();
    expect(old.unsubscribe).toHaveBeenCalledTimes(1);
    expect(push.subscription).not.toBe(old);
    expect(server.added).toStrictEqual([
      { endpoint: push.subscription?.endpoint, keys: { p256dh: P256DH, auth: AUTH } },
    ]);
    expect(push.subscription?.endpoint).not.toBe(old.endpoint);
  });

  it('shows what the person answered when they block notifications at the question', async () => {
    const user = userEvent.setup();
    const push = installFakePush({ answer: 'denied' });
    const server = pushServer();
    const section = await renderSection();

    await user.click(await within(section).findByRole('button', { name: TURN_ON }));

    expect(await within(section).findByText(PUSH_BLOCKED)).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(push.subscribe).not.toHaveBeenCalled();
    expect(server.added).toEqual([]);
  });

  it("says why the server refuses an eleventh device in its words, and undoes the browser's subscription", async () => {
    const user = userEvent.setup();
    const push = installFakePush();
    const refusal =
      'Je kunt meldingen op hoogstens 10 apparaten aanzetten. Zet ze eerst uit op een apparaat dat je niet meer gebruikt.';
    const server = pushServer({
      addAnswer: { status: 409, body: { error: refusal, code: 'conflict' } },
    });
    const section = await renderSection();

    await user.click(await within(section).findByRole('button', { name: TURN_ON }));

    expect(await within(section).findByRole('alert')).toHaveTextContent(refusal);
    expect(server.added).toHaveLength(1);
    expect(push.subscription).toBeNull();
    expect(within(section).getByRole('button', { name: TURN_ON })).toBeEnabled();
    expect(within(section).queryByText(PUSH_ON)).not.toBeInTheDocument();
  });

  it('says turning on failed when the browser cannot subscribe, and stores nothing', async () => {
    const user = userEvent.setup();
    const push = installFakePush();
    push.subscribeFailure = new DOMException('No push service', 'AbortError');
    const server = pushServer();
    const section = await renderSection();

    await user.click(await within(section).findByRole('button', { name: TURN_ON }));

    expect(await within(section).findByRole('alert')).toHaveTextContent(PUSH_TURN_ON_FAILED);
    expect(server.added).toEqual([]);
  });

  it('sends a test notification to this device and turns notifications off', async () => {
    const user = userEvent.setup();
    const mine = aSubscription();
    installFakePush({ permission: 'granted', subscription: mine });
    const server = pushServer({
      devices: [aDevice({ id: 3, name: 'Chrome op Android', endpoint: mine.endpoint }), aDevice()],
    });
    const section = await renderSection();

    expect(await within(section).findByText(PUSH_ON)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Stuur een testmelding' }));
    expect(await within(section).findByText('Testmelding verstuurd.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(server.tested).toEqual([3]);

    await user.click(within(section).getByRole('button', { name: 'Meldingen uitzetten' }));

    expect(await within(section).findByRole('button', { name: TURN_ON })).toBeInTheDocument();
    expect(server.removed).toEqual([3]);
    expect(mine.unsubscribe).toHaveBeenCalledTimes(1);
    const list = within(section).getByRole('list', { name: 'Apparaten met meldingen' });
    expect(within(list).queryByText(/Chrome op Android/)).not.toBeInTheDocument();
    expect(within(list).getByText('Firefox op Windows')).toBeInTheDocument();
  });

  it("removes another device from the list, leaving this browser's notifications on", async () => {
    const user = userEvent.setup();
    const mine = aSubscription();
    installFakePush({ permission: 'granted', subscription: mine });
    const server = pushServer({
      devices: [aDevice({ id: 3, name: 'Chrome op Android', endpoint: mine.endpoint }), aDevice()],
    });
    const section = await renderSection();
    const list = within(section).getByRole('list', { name: 'Apparaten met meldingen' });
    expect(
      await within(list).findByRole('button', {
        name: 'Chrome op Android (dit apparaat) verwijderen',
      }),
    ).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Firefox op Windows verwijderen' }));

    await waitFor(() => {
      expect(within(list).queryByText('Firefox op Windows')).not.toBeInTheDocument();
    });
    expect(server.removed).toEqual([5]);
    expect(mine.unsubscribe).not.toHaveBeenCalled();
    expect(within(section).getByText(PUSH_ON)).toBeInTheDocument();
  });

  it('saves at once whether a notification shows the start of a message', async () => {
    const user = userEvent.setup();
    installFakePush();
    const server = pushServer({ previews: false });
    const section = await renderSection();
    const box = within(section).getByRole('checkbox', { name: PUSH_PREVIEWS_LABEL });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      'Staat dit uit, dan zie je alleen van wie het bericht is.',
    );

    await user.click(box);

    expect(await within(section).findByText('Opgeslagen')).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(server.previewsSent).toEqual([{ previews: true }]);
  });

  it('offers a retry when the settings cannot be loaded, then shows them', async () => {
    const user = userEvent.setup();
    installFakePush();
    onApi('GET /api/push', { status: 500, body: { error: 'Mis.', code: 'internal_error' } });
    const section = await renderSection();

    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Je meldingen op apparaten konden niet worden geladen.',
    );
    pushServer();
    await user.click(within(section).getByRole('button', { name: 'Opnieuw proberen' }));

    expect(await within(section).findByRole('button', { name: TURN_ON })).toBeInTheDocument();
  });
});
