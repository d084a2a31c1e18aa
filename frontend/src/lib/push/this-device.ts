// This browser's side of notifications: whether it can receive them, its push subscription, and
// undoing that subscription at sign-out. What the server keeps about devices is the dashboard's
// (features/dashboard/api/push.ts); this file talks to the browser only.
import type { components } from '@/lib/api/openapi';

export type PushSubscriptionInput = components['schemas']['PushSubscriptionInput'];

/** What this browser holds: its subscription's endpoint (null without one) and the permission. */
export interface ThisDevice {
  endpoint: string | null;
  permission: NotificationPermission;
}

/** The person did not allow notifications when the browser asked (or closed the question). */
export class NotificationsNotAllowed extends Error {
  readonly permission: NotificationPermission;

  constructor(permission: NotificationPermission) {
    super(`Notifications are not allowed (${permission})`);
    this.name = 'NotificationsNotAllowed';
    this.permission = permission;
  }
}

/** How long to wait for the service worker; in development there is none, and it never comes. */
const WORKER_WAIT_MS = 10_000;

/** Whether this browser can receive push notifications at all. */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/**
 * On an iPhone or iPad, Safari receives notifications only in the app on the home screen, not in
 * a tab: there the person has to add Oppasmaatje to the home screen first.
 */
export function needsHomeScreen(): boolean {
  const { userAgent } = navigator;
  // An iPad asks for the desktop site and calls itself a Mac; a Mac has no touch screen.
  const ios =
    /iPhone|iPad|iPod/.test(userAgent) ||
    (userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);
  if (!ios) return false;
  const homeScreen =
    window.matchMedia('(display-mode: standalone)').matches ||
    ('standalone' in navigator && navigator.standalone === true);
  return !homeScreen;
}

/** The bytes of a base64url text (with or without padding), as `applicationServerKey` takes them. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(stored: ArrayBuffer | null, key: Uint8Array): boolean {
  if (stored?.byteLength !== key.length) return false;
  const bytes = new Uint8Array(stored);
  return key.every((byte, i) => bytes[i] === byte);
}

/** This browser's subscription, or null (also before the service worker is registered). */
async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The endpoint of this browser's push subscription, or null. */
export async function currentEndpoint(): Promise<string | null> {
  return (await currentSubscription())?.endpoint ?? null;
}

/** Reads what this browser holds; a browser that refuses to say counts as not subscribed. */
export async function readThisDevice(): Promise<ThisDevice> {
  const permission = Notification.permission;
  try {
    return { endpoint: await currentEndpoint(), permission };
  } catch {
    return { endpoint: null, permission };
  }
}

/**
 * The service worker, ready. The page registers it a few seconds after loading (main.tsx); a
 * click before then registers it at once, through the same module so that it happens only once.
 */
async function readyWorker(): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration())) {
    const { register } = await import('@/lib/pwa/register');
    register();
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error('The service worker did not become ready'));
    }, WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The body `POST /api/push/devices` takes: the endpoint and the keys, nothing else. */
function subscriptionInput(subscription: PushSubscription): PushSubscriptionInput {
  const { endpoint, keys } = subscription.toJSON();
  const p256dh = keys?.p256dh;
  const auth = keys?.auth;
  if (!endpoint || !p256dh || !auth) {
    throw new Error('The push subscription has no endpoint or keys');
  }
  return { endpoint, keys: { p256dh, auth } };
}

/**
 * Subscribes this browser to notifications signed with the server's `publicKey`. `permission` is
 * the answer to `Notification.requestPermission()`, asked by the caller in the click itself:
 * browsers show the question only in direct answer to one.
 *
 * A subscription made earlier with another key (the server's key changed) is ended first: the
 * browser refuses a second one beside it.
 *
 * @throws {NotificationsNotAllowed} when the person did not allow notifications.
 */
export async function subscribeBrowser(
  publicKey: string,
  permission: Promise<NotificationPermission>,
): Promise<PushSubscriptionInput> {
  const answer = await permission;
  if (answer !== 'granted') throw new NotificationsNotAllowed(answer);
  const registration = await readyWorker();
  const applicationServerKey = base64UrlToBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && !sameBytes(existing.options.applicationServerKey, applicationServerKey)) {
    await existing.unsubscribe();
  }
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey,
  });
  return subscriptionInput(subscription);
}

/**
 * Ends this browser's push subscription, if it has one. At sign-out: the server drops the device
 * with the session, and the browser should not keep a subscription nobody owns.
 */
export async function forgetThisDevice(): Promise<void> {
  const subscription = await currentSubscription();
  await subscription?.unsubscribe();
}
