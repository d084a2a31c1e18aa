import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard/api/keys';
import { ApiError, unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { idempotencyHeader, useIdempotentCall } from '@/lib/api/idempotency';
import type { components } from '@/lib/api/openapi';
import {
  currentEndpoint,
  forgetThisDevice,
  readThisDevice,
  subscribeBrowser,
  type PushSubscriptionInput,
  type ThisDevice,
} from '@/lib/push/this-device';

export type PushSettings = components['schemas']['PushSettings'];
export type PushDevice = components['schemas']['PushDevice'];
export type PushPreviews = components['schemas']['PushPreviews'];

/** `GET /api/push`: the server's key, the previews setting and the person's devices. */
export function getPushSettings(): Promise<PushSettings> {
  return unwrap(api.GET('/api/push'));
}

/**
 * `POST /api/push/devices`: 201 stored, 200 stored before; 409 at the most devices, 422 for a
 * subscription the server does not send to, each with the server's Dutch reason.
 */
export function addPushDevice(body: PushSubscriptionInput, key: string): Promise<PushDevice> {
  return unwrap(
    api.POST('/api/push/devices', { params: { header: idempotencyHeader(key) }, body }),
  );
}

/** `DELETE /api/push/devices/{id}`; a device already gone (404) is no failure. */
export async function removePushDevice(id: number): Promise<void> {
  try {
    await unwrap(api.DELETE('/api/push/devices/{id}', { params: { path: { id } } }));
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

/** `POST /api/push/devices/{id}/test`: the server sends that device a test notification. */
export async function testPushDevice(id: number): Promise<void> {
  await unwrap(api.POST('/api/push/devices/{id}/test', { params: { path: { id } } }));
}

/** `PUT /api/push/previews`. */
export function updatePushPreviews(body: PushPreviews): Promise<PushPreviews> {
  return unwrap(api.PUT('/api/push/previews', { body }));
}

/**
 * Turns notifications on for this browser: subscribes it and stores it on the server. When the
 * server refuses it (the most devices already), the browser's subscription is undone again, so
 * that the two never disagree.
 */
export async function subscribeThisDevice(
  publicKey: string,
  permission: Promise<NotificationPermission>,
  key: string,
): Promise<PushDevice> {
  const subscription = await subscribeBrowser(publicKey, permission);
  try {
    return await addPushDevice(subscription, key);
  } catch (error) {
    await forgetThisDevice().catch(() => undefined);
    throw error;
  }
}

/**
 * Removes a device on the server, and when it is this browser, ends its subscription too. The
 * server goes first: when it fails, nothing has changed.
 */
export async function removeDevice(device: PushDevice): Promise<void> {
  await removePushDevice(device.id);
  if (device.endpoint === (await currentEndpoint().catch(() => null))) {
    await forgetThisDevice();
  }
}

/**
 * Turns notifications off for this browser: its device among `devices` (resolved with it, or null
 * when the server had none) and its subscription.
 */
export async function unsubscribeThisDevice(
  devices: readonly PushDevice[],
): Promise<PushDevice | null> {
  const endpoint = await currentEndpoint();
  const device = devices.find((candidate) => candidate.endpoint === endpoint) ?? null;
  if (device) {
    await removeDevice(device);
  } else {
    await forgetThisDevice();
  }
  return device;
}

export const pushSettingsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.pushSettings(),
    queryFn: getPushSettings,
  });

export function usePushSettings() {
  return useQuery(pushSettingsQueryOptions());
}

const thisDeviceQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.pushThisDevice(),
    queryFn: readThisDevice,
    // Read afresh whenever the page is back in view: the person may have allowed or blocked
    // notifications in the browser's settings meanwhile.
    staleTime: 0,
  });

/** What this browser holds; only asked in a browser that can receive notifications. */
export function useThisDevice(supported: boolean) {
  return useQuery({ ...thisDeviceQueryOptions(), enabled: supported });
}

function setDevices(
  queryClient: QueryClient,
  change: (devices: PushDevice[]) => PushDevice[],
): void {
  queryClient.setQueryData(pushSettingsQueryOptions().queryKey, (settings) =>
    settings ? { ...settings, devices: change(settings.devices) } : settings,
  );
}

/**
 * Turns notifications on for this browser. `permission` is asked in the click itself (see
 * {@link subscribeBrowser}); the cache then holds the stored device.
 */
export function useTurnOnPush() {
  const queryClient = useQueryClient();
  // One key per turning on: a second tap before the answer stores the device once.
  const turnOn = useIdempotentCall(
    (
      { publicKey, permission }: { publicKey: string; permission: Promise<NotificationPermission> },
      key: string,
    ) => subscribeThisDevice(publicKey, permission, key),
  );
  return useMutation({
    mutationFn: turnOn,
    onSuccess: (device) => {
      setDevices(queryClient, (devices) => [
        ...devices.filter((known) => known.id !== device.id),
        device,
      ]);
      queryClient.setQueryData<ThisDevice>(dashboardKeys.pushThisDevice(), {
        endpoint: device.endpoint,
        permission: 'granted',
      });
    },
    // The person may have blocked notifications when asked.
    onError: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.pushThisDevice() }),
  });
}

/** Turns notifications off for this browser. */
export function useTurnOffPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribeThisDevice,
    onSuccess: (removed) => {
      if (removed) {
        setDevices(queryClient, (devices) => devices.filter((known) => known.id !== removed.id));
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.pushThisDevice() }),
  });
}

/** Removes one device from the list (this browser's included). */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDevice,
    onSuccess: (_, device) => {
      setDevices(queryClient, (devices) => devices.filter((known) => known.id !== device.id));
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.pushThisDevice() });
    },
  });
}

/** Sends a test notification to one device. */
export function useTestPush() {
  return useMutation({ mutationFn: testPushDevice });
}

/** Saves whether notifications show the start of a message; the cache holds what was stored. */
export function useUpdatePushPreviews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePushPreviews,
    onSuccess: ({ previews }) => {
      queryClient.setQueryData(pushSettingsQueryOptions().queryKey, (settings) =>
        settings ? { ...settings, previews } : settings,
      );
    },
  });
}
