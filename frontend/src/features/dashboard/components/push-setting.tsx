import { BellOff, BellRing, MonitorSmartphone, Send } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RETRY } from '@/components/ui/load-error';
import { Loading, Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import {
  usePushSettings,
  useRemovePushDevice,
  useTestPush,
  useThisDevice,
  useTurnOffPush,
  useTurnOnPush,
  useUpdatePushPreviews,
  type PushDevice,
} from '@/features/dashboard/api/push';
import { SavedCheckbox } from '@/features/dashboard/components/saved-checkbox';
import { ApiError } from '@/lib/api/api-error';
import { needsHomeScreen, NotificationsNotAllowed, pushSupported } from '@/lib/push/this-device';

export const PUSH_TITLE = 'Meldingen op dit apparaat';
export const PUSH_UNSUPPORTED = 'Deze browser kan geen meldingen ontvangen.';
export const PUSH_UNAVAILABLE = 'Meldingen op je apparaat zijn nu niet beschikbaar.';
export const PUSH_BLOCKED =
  'Je browser blokkeert meldingen van Oppasmaatje. Sta ze toe in de instellingen van je browser.';
export const PUSH_ON = 'Meldingen staan aan op dit apparaat.';
export const PUSH_TURN_ON_FAILED = 'Meldingen aanzetten lukte niet. Probeer het later opnieuw.';
export const PUSH_PREVIEWS_LABEL = 'Toon het begin van een bericht in de melding';
const FAILED = 'Dat lukte niet. Probeer het later opnieuw.';

/** The server's Dutch reason when it gave one, `fallback` for any other failure. */
const failureText = (error: unknown, fallback = FAILED) =>
  error instanceof ApiError ? error.message : fallback;

const SINCE = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * Notifications on the person's devices: turning them on or off for this browser, a test, whether
 * they show the start of a message, and every device that receives them.
 */
export function PushSetting() {
  return (
    <PushCard>
      <PushState />
    </PushCard>
  );
}

/** The same card before it is known who is signed in. */
export function PushSettingSkeleton() {
  return (
    <PushCard>
      <LineSkeleton />
    </PushCard>
  );
}

function PushCard({ children }: { children: ReactNode }) {
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-bold text-stone-900">
        {PUSH_TITLE}
      </h2>
      {children}
    </Card>
  );
}

/** One line of grey where the state of this device comes. */
function LineSkeleton() {
  return (
    <Loading label="Laden...">
      <p className="flex h-6 items-center">
        <Skeleton inline className="w-72 max-w-full" />
      </p>
    </Loading>
  );
}

function PushState() {
  const supported = pushSupported();
  const settings = usePushSettings();
  const thisDevice = useThisDevice(supported);
  if (settings.isPending) return <LineSkeleton />;
  if (settings.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-red-800">
          Je meldingen op apparaten konden niet worden geladen.
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void settings.refetch();
          }}
        >
          {RETRY}
        </Button>
      </div>
    );
  }
  const { publicKey = null, previews, devices, maxDevices } = settings.data;
  if (publicKey === null) {
    return <p className="text-stone-700">{PUSH_UNAVAILABLE}</p>;
  }
  const endpoint = thisDevice.data?.endpoint ?? null;
  let state;
  if (!supported) {
    state = <Unsupported />;
  } else if (thisDevice.data === undefined) {
    state = <LineSkeleton />;
  } else if (thisDevice.data.permission === 'denied') {
    state = <p className="text-stone-700">{PUSH_BLOCKED}</p>;
  } else {
    const mine = devices.find((device) => device.endpoint === endpoint);
    state = mine ? <TurnedOn device={mine} devices={devices} /> : <TurnOn publicKey={publicKey} />;
  }
  return (
    <>
      {state}
      {/* Another browser's notifications follow the setting too; without any it means nothing. */}
      {(supported || devices.length > 0) && <PreviewsCheckbox stored={previews} />}
      {devices.length > 0 && (
        <DeviceList devices={devices} thisEndpoint={endpoint} maxDevices={maxDevices} />
      )}
    </>
  );
}

function Unsupported() {
  return (
    <div className="flex flex-col gap-1">
      <p className="text-stone-700">{PUSH_UNSUPPORTED}</p>
      {needsHomeScreen() && (
        <p className="text-sm text-stone-600">
          Op een iPhone of iPad: zet Oppasmaatje eerst op je beginscherm.
        </p>
      )}
    </div>
  );
}

function TurnOn({ publicKey }: { publicKey: string }) {
  const turnOn = useTurnOnPush();
  // Set in the click itself: the button is drawn disabled only after the click's event, and a
  // double tap's second click would otherwise subscribe the browser a second time.
  const starting = useRef(false);
  // Closing the browser's question is an answer, not a failure: nothing to say about it.
  const failed = turnOn.isError && !(turnOn.error instanceof NotificationsNotAllowed);
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-stone-700">
        Je krijgt een melding bij een nieuw bericht en bij nieuws over een afspraak, als Oppasmaatje
        niet open is.
      </p>
      <Button
        disabled={turnOn.isPending}
        aria-busy={turnOn.isPending}
        onClick={() => {
          // Asked here, in the click itself: browsers show the question only in direct answer to
          // one, and the mutation starts its work a moment later.
          if (starting.current) return;
          starting.current = true;
          turnOn.mutate(
            { publicKey, permission: Notification.requestPermission() },
            {
              onSettled: () => {
                starting.current = false;
              },
            },
          );
        }}
      >
        {turnOn.isPending ? <Spinner /> : <BellRing aria-hidden="true" className="size-5" />}
        Meldingen aanzetten
      </Button>
      {failed && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {failureText(turnOn.error, PUSH_TURN_ON_FAILED)}
        </p>
      )}
    </div>
  );
}

function TurnedOn({ device, devices }: { device: PushDevice; devices: PushDevice[] }) {
  const test = useTestPush();
  const turnOff = useTurnOffPush();
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="flex items-center gap-2 font-semibold text-stone-900">
        <BellRing aria-hidden="true" className="size-5 shrink-0 text-green-700" />
        {PUSH_ON}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={test.isPending}
          aria-busy={test.isPending}
          onClick={() => {
            test.mutate(device.id);
          }}
        >
          {test.isPending ? <Spinner /> : <Send aria-hidden="true" className="size-4" />}
          Stuur een testmelding
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={turnOff.isPending}
          aria-busy={turnOff.isPending}
          onClick={() => {
            turnOff.mutate(devices);
          }}
        >
          {turnOff.isPending ? <Spinner /> : <BellOff aria-hidden="true" className="size-4" />}
          Meldingen uitzetten
        </Button>
      </div>
      {test.isSuccess && (
        <p role="status" className="text-sm font-semibold text-green-800">
          Testmelding verstuurd.
        </p>
      )}
      {(test.isError || turnOff.isError) && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {failureText(test.error ?? turnOff.error)}
        </p>
      )}
    </div>
  );
}

function PreviewsCheckbox({ stored }: { stored: boolean }) {
  const update = useUpdatePushPreviews();
  return (
    <SavedCheckbox
      label={PUSH_PREVIEWS_LABEL}
      hint="Staat dit uit, dan zie je alleen van wie het bericht is."
      stored={stored}
      save={update}
      onSave={(previews, settled) => {
        update.mutate({ previews }, { onSettled: settled });
      }}
    />
  );
}

function DeviceList({
  devices,
  thisEndpoint,
  maxDevices,
}: {
  devices: PushDevice[];
  thisEndpoint: string | null;
  maxDevices: number;
}) {
  const headingId = useId();
  const remove = useRemovePushDevice();
  return (
    <div className="flex flex-col gap-1">
      <h3 id={headingId} className="font-semibold text-stone-900">
        Apparaten met meldingen
      </h3>
      <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-stone-200">
        {devices.map((device) => {
          const label =
            device.endpoint === thisEndpoint ? `${device.name} (dit apparaat)` : device.name;
          return (
            <li key={device.id} className="flex items-center justify-between gap-3 py-3">
              <span className="flex items-start gap-2">
                <MonitorSmartphone
                  aria-hidden="true"
                  className="mt-1 size-4 shrink-0 text-stone-600"
                />
                <span className="flex flex-col">
                  <span className="font-semibold break-words text-stone-900">{label}</span>
                  <span className="text-sm text-stone-600">
                    sinds {SINCE.format(new Date(device.createdAt))}
                  </span>
                </span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`${label} verwijderen`}
                disabled={remove.isPending}
                onClick={() => {
                  remove.mutate(device);
                }}
              >
                Verwijderen
              </Button>
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-stone-600">
        Je kunt meldingen op hoogstens {maxDevices} apparaten aanzetten.
      </p>
      {remove.isError && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {failureText(remove.error)}
        </p>
      )}
    </div>
  );
}
