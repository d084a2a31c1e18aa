import { vi } from 'vitest';

// A browser that can receive push notifications, as far as the app asks one: Notification and its
// permission, PushManager, and navigator.serviceWorker with one registration whose pushManager
// holds at most one subscription. jsdom has none of these.

/** A server key (base64url, a 65-byte P-256 point) and its bytes, written out independently. */
export const PUBLIC_KEY =
  'BPsgRWqPtNn-I0htkrfcASZLcJW63wQpTnOYveIHLFF2m8DlCi9UeZ7D6A0yV3yhxusQNVp_pMnuEzhdgqfM8RY';
export const PUBLIC_KEY_BYTES = [
  4, 251, 32, 69, 106, 143, 180, 217, 254, 35, 72, 109, 146, 183, 220, 1, 38, 75, 112, 149, 186,
  223, 4, 41, 78, 115, 152, 189, 226, 7, 44, 81, 118, 155, 192, 229, 10, 47, 84, 121, 158, 195, 232,
  13, 50, 87, 124, 161, 198, 235, 16, 53, 90, 127, 164, 201, 238, 19, 56, 93, 130, 167, 204, 241,
  22,
];
/** The keys every fake subscription carries. */
export const P256DH =
  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
export const AUTH = 'tBHItJI5svbpez7KI4CCXg';

export class FakeSubscription {
  readonly endpoint: string;
  readonly options: { applicationServerKey: ArrayBuffer; userVisibleOnly: boolean };
  readonly unsubscribe = vi.fn(() => {
    if (fake?.subscription === this) fake.subscription = null;
    return Promise.resolve(true);
  });

  constructor(endpoint: string, key: ArrayBuffer) {
    this.endpoint = endpoint;
    this.options = { applicationServerKey: key, userVisibleOnly: true };
  }

  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } };
  }
}

export interface FakePush {
  /** The subscription this browser holds. */
  subscription: FakeSubscription | null;
  permission: NotificationPermission;
  /** What the person answers when asked (only asked while the permission is 'default'). */
  answer: NotificationPermission;
  /** When set, `pushManager.subscribe` fails with it, as a browser without a push service does. */
  subscribeFailure: Error | null;
  requestPermission: ReturnType<typeof vi.fn<() => Promise<NotificationPermission>>>;
  subscribe: ReturnType<
    typeof vi.fn<(options: PushSubscriptionOptionsInit) => Promise<FakeSubscription>>
  >;
  /** Registers the service worker, as src/lib/pwa/register.ts does. */
  register: () => void;
}

let fake: FakePush | null = null;
let endpoints = 0;

/** A subscription made earlier, with `key` (another server key, say). */
export function aSubscription(key: ArrayBuffer = keyBuffer()): FakeSubscription {
  endpoints += 1;
  return new FakeSubscription(`https://push.example.net/send/${String(endpoints)}`, key);
}

function keyBuffer(): ArrayBuffer {
  return new Uint8Array(PUBLIC_KEY_BYTES).buffer;
}

function sameKey(a: ArrayBuffer, b: ArrayBuffer): boolean {
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  return x.length === y.length && x.every((byte, i) => byte === y[i]);
}

function define(target: object, name: string, value: unknown) {
  Object.defineProperty(target, name, { configurable: true, writable: true, value });
}

/**
 * Makes this jsdom window a browser that can receive notifications. `registered: false`: the
 * service worker is not yet registered (the page registers it a few seconds after loading).
 */
export function installFakePush({
  permission = 'default',
  answer = 'granted',
  subscription = null,
  registered = true,
}: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscription?: FakeSubscription | null;
  registered?: boolean;
} = {}): FakePush {
  let isRegistered = registered;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const pushManager = {
    getSubscription: () => Promise.resolve(state.subscription),
    subscribe: vi.fn((options: PushSubscriptionOptionsInit) => {
      if (state.subscribeFailure) return Promise.reject(state.subscribeFailure);
      const key = new Uint8Array(options.applicationServerKey as Uint8Array<ArrayBuffer>).buffer;
      if (state.subscription) {
        // As a browser: the same key gives the same subscription, another key is refused.
        if (sameKey(state.subscription.options.applicationServerKey, key)) {
          return Promise.resolve(state.subscription);
        }
        return Promise.reject(new DOMException('Another key is subscribed', 'InvalidStateError'));
      }
      state.subscription = aSubscription(key);
      return Promise.resolve(state.subscription);
    }),
  };
  const registration = { pushManager };
  const state: FakePush = {
    subscription,
    permission,
    answer,
    subscribeFailure: null,
    requestPermission: vi.fn(() => {
      if (state.permission === 'default') state.permission = state.answer;
      return Promise.resolve(state.permission);
    }),
    subscribe: pushManager.subscribe,
    register: () => {
      isRegistered = true;
      markReady();
    },
  };
  if (registered) markReady();
  fake = state;

  define(window, 'PushManager', function PushManager() {
    // The app asks only whether it is there.
  });
  define(window, 'Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission: state.requestPermission,
  });
  define(navigator, 'serviceWorker', {
    getRegistration: () => Promise.resolve(isRegistered ? registration : undefined),
    ready: ready.then(() => registration),
  });
  return state;
}

/** Back to jsdom's own window, which cannot receive notifications. */
export function removeFakePush(): void {
  fake = null;
  Reflect.deleteProperty(window, 'PushManager');
  Reflect.deleteProperty(window, 'Notification');
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
