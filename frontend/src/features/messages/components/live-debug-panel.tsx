import { Bug, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { LiveStatus } from '@/lib/live/live-channel';
import { useLiveStatus, useRecentLiveEvents } from '@/lib/live/use-live';

const STATUS_LABELS: Record<LiveStatus, string> = {
  closed: 'gesloten',
  connecting: 'verbinden...',
  open: 'verbonden',
  retrying: 'verbroken, probeert opnieuw',
  unsupported: 'niet ondersteund',
};

export const DEBUG_BUTTON_LABEL = 'Live-verbinding tonen';

/**
 * For developers only (development builds): the state of the live connection and its latest
 * events.
 */
export function LiveDebugPanel() {
  const [open, setOpen] = useState(false);
  const status = useLiveStatus();
  const events = useRecentLiveEvents();
  const panelId = useId();

  return (
    <div className="fixed bottom-4 left-4 z-50 flex flex-col items-start gap-2">
      {open && (
        <section
          id={panelId}
          aria-label="Live-verbinding"
          className="max-h-80 w-80 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-2xl bg-stone-900 p-4 font-mono text-xs text-stone-100 shadow-xl"
        >
          <p>
            Status: <strong>{STATUS_LABELS[status]}</strong>
          </p>
          <ol className="mt-2 flex flex-col gap-1">
            {events.map(({ receivedAt, event }) => (
              <li key={`${receivedAt.getTime()}-${JSON.stringify(event)}`} className="break-all">
                {receivedAt.toLocaleTimeString('nl-NL')} {JSON.stringify(event)}
              </li>
            ))}
          </ol>
          {events.length === 0 && <p className="mt-2 text-stone-300">Nog geen gebeurtenissen.</p>}
        </section>
      )}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen((shown) => !shown);
        }}
        className="flex items-center gap-1.5 rounded-full bg-stone-900 px-3 py-1.5 text-xs font-semibold text-white shadow-lg"
      >
        {open ? (
          <X aria-hidden="true" className="size-4" />
        ) : (
          <Bug aria-hidden="true" className="size-4" />
        )}
        {DEBUG_BUTTON_LABEL}
      </button>
    </div>
  );
}
