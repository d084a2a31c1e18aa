import { RefreshCw, WifiOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useOnline } from '@/lib/pwa/online';
import { useWaitingUpdate } from '@/lib/pwa/update-store';

/**
 * Under the header: 'Je bent offline' while the browser has no connection (the app itself opens
 * from the service worker; its data waits for the connection), and 'Nieuwe versie beschikbaar'
 * when a new version of the app is ready.
 */
export function ConnectionNotices() {
  const online = useOnline();
  const update = useWaitingUpdate();
  const [later, setLater] = useState(false);
  const [updating, setUpdating] = useState(false);
  return (
    <>
      {!online && (
        <div
          role="status"
          className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-stone-800"
        >
          <p className="mx-auto flex max-w-6xl items-start gap-2">
            <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800" />
            <span>
              <span className="font-semibold">Je bent offline.</span> Wat je al opende blijft staan;
              de rest laadt zodra je weer verbinding hebt.
            </span>
          </p>
        </div>
      )}
      {update && !later && (
        <div role="status" className="border-b border-teal-200 bg-teal-50 px-4 py-3 text-stone-800">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2">
            <p className="flex items-center gap-2 font-semibold">
              <RefreshCw aria-hidden="true" className="size-5 shrink-0 text-teal-800" />
              Nieuwe versie beschikbaar
            </p>
            <div className="flex gap-2">
              <Button
                size="sm"
                disabled={updating}
                onClick={() => {
                  setUpdating(true);
                  void update();
                }}
              >
                Vernieuwen
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  setLater(true);
                }}
              >
                Later
              </Button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
