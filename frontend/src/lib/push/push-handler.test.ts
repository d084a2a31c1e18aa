import { describe, expect, it, vi } from 'vitest';
import source from '../../../public/push-handler.js?raw';

const ORIGIN = 'https://oppasmaatje.nl';

interface FakeWindow {
  url: string;
  focused: boolean;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function aWindow({ focused = false, controlled = true } = {}): FakeWindow {
  const client: FakeWindow = {
    url: `${ORIGIN}/profielen`,
    focused,
    focus: vi.fn(() => Promise.resolve(client)),
    navigate: vi.fn((url: string) =>
      controlled
        ? Promise.resolve({ ...client, url })
        : Promise.reject(new TypeError('This service worker is not the client’s active worker')),
    ),
  };
  return client;
}

/** Runs the worker's script against a fake worker scope, as importScripts runs it in sw.js. */
function loadWorker({ windows = [] as FakeWindow[] } = {}) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: NotificationOptions }[] = [];
  const opened: string[] = [];
  const scope = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners.set(type, listener);
    },
    registration: {
      showNotification: (title: string, options: NotificationOptions) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients: {
      matchAll: vi.fn(() => Promise.resolve(windows)),
      openWindow: (url: string) => {
        opened.push(url);
        return Promise.resolve(null);
      },
    },
  };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script is text served as it is; here it runs with a fake `self`
  const run = new Function('self', source) as (self: unknown) => void;
  run(scope);

  /** Dispatches an event and waits for what it handed to waitUntil. */
  const dispatch = async (type: string, event: object) => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({
      ...event,
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    });
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
  };
  const push = (data: { json: () => unknown } | null) => dispatch('push', { data });
  const click = async (data: unknown) => {
    const notification = { data, close: vi.fn() };
    await dispatch('notificationclick', { notification });
    expect(notification.close).toHaveBeenCalledTimes(1);
  };
  return { push, click, shown, opened, scope };
}

const json = (body: unknown) => ({ json: () => body });

describe('push-handler.js', () => {
  it("shows the server's message with the app's icon, its tag, and the address to open", async () => {
    const worker = loadWorker();

    await worker.push(
      json({
        title: 'Nieuw bericht van Karel',
        body: 'Kan ik Bobby zaterdag ophalen?',
        url: '/berichten/4',
        tag: 'gesprek-4',
      }),
    );

    expect(worker.shown).toEqual([
      {
        title: 'Nieuw bericht van Karel',
        options: {
          body: 'Kan ik Bobby zaterdag ophalen?',
          tag: 'gesprek-4',
          data: { url: '/berichten/4' },
          icon: '/icons/icon-192.png',
          badge: '/icons/icon-192.png',
          lang: 'nl',
        },
      },
    ]);
  });

  it('shows a general message for a push that is no JSON, or has no data', async () => {
    const worker = loadWorker();

    await worker.push({
      json: () => {
        throw new SyntaxError('Unexpected token');
      },
    });
    await worker.push(null);

    expect(worker.shown.map(({ title, options }) => [title, options.body])).toEqual([
      ['Oppasmaatje', 'Er is nieuws voor je.'],
      ['Oppasmaatje', 'Er is nieuws voor je.'],
    ]);
  });

  it('brings an open window of the app forward at the address of the notification', async () => {
    const other = aWindow();
    const current = aWindow({ focused: true });
    const worker = loadWorker({ windows: [other, current] });

    await worker.click({ url: '/berichten/4' });

    expect(current.focus).toHaveBeenCalledTimes(1);
    expect(current.navigate).toHaveBeenCalledWith(`${ORIGIN}/berichten/4`);
    expect(other.navigate).not.toHaveBeenCalled();
    expect(worker.opened).toEqual([]);
    expect(worker.scope.clients.matchAll).toHaveBeenCalledWith({
      type: 'window',
      includeUncontrolled: true,
    });
  });

  it('opens a window when none is open, or when the open one cannot be sent on', async () => {
    const none = loadWorker();
    await none.click({ url: '/afspraken' });
    expect(none.opened).toEqual([`${ORIGIN}/afspraken`]);

    const uncontrolled = loadWorker({ windows: [aWindow({ controlled: false })] });
    await uncontrolled.click({ url: '/afspraken' });
    expect(uncontrolled.opened).toEqual([`${ORIGIN}/afspraken`]);
  });

  it('opens only paths of this site: any other address leads to the start page', async () => {
    for (const url of [
      'https://elders.example/pagina',
      '//elders.example/pagina',
      '/\\elders.example/pagina',
      'javascript:alert(1)',
      42,
    ]) {
      const worker = loadWorker();
      await worker.click({ url });
      expect(worker.opened, String(url)).toEqual([`${ORIGIN}/`]);
    }
    const worker = loadWorker();
    await worker.click(null);
    expect(worker.opened).toEqual([`${ORIGIN}/`]);
  });
});
