import { Search } from 'lucide-react';
import { Loading, Skeleton } from '@/components/ui/skeleton';

/** The page around the inbox and the thread; the same while loading and loaded. */
export const MESSAGES_PAGE =
  'bg-gradient-to-b from-orange-50 to-stone-50 px-2 py-4 sm:px-6 sm:py-6';
/** The two panes' frame: its height is fixed, so nothing below it moves while it fills. */
export const MESSAGES_FRAME =
  'mx-auto grid h-[calc(100vh-10rem)] min-h-96 max-w-6xl grid-cols-1 overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-stone-200/80 md:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]';

/** How many conversation rows stand in for the inbox while it loads. */
const ROWS = 4;

/** Rows shaped like the inbox's conversations (photo, name, time, last message). */
export function ConversationRowsSkeleton() {
  return (
    <Loading label="Gesprekken laden...">
      <ul className="divide-y divide-stone-100">
        {Array.from({ length: ROWS }, (_, row) => (
          <li key={row} className="flex items-start gap-3 px-4 py-3">
            <Skeleton className="size-12 shrink-0" />
            <span className="flex min-w-0 grow flex-col gap-0.5">
              <span className="flex h-6 items-center justify-between gap-2">
                <Skeleton inline className="w-24" />
                <Skeleton inline className="w-10 text-xs" />
              </span>
              <span className="flex h-5 items-center">
                <Skeleton inline className="w-40 text-sm" />
              </span>
            </span>
          </li>
        ))}
      </ul>
    </Loading>
  );
}

/**
 * `/berichten` before it is known who is signed in: the frame, the inbox's heading and search,
 * and rows where the conversations will be.
 */
export function MessagesSkeleton() {
  return (
    <div className={MESSAGES_PAGE}>
      <h1 className="sr-only">Berichten</h1>
      <div className={MESSAGES_FRAME}>
        <div className="flex min-h-0 min-w-0 flex-col border-stone-200 md:border-r">
          <div className="flex flex-col gap-3 border-b border-stone-200 p-4">
            <p className="text-lg font-bold text-stone-900">Gesprekken</p>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
              />
              <input
                type="search"
                disabled
                aria-label="Zoek in berichten"
                placeholder="Zoek in berichten..."
                className="w-full rounded-full bg-stone-50 py-2 pr-4 pl-9 text-base text-stone-900 ring-1 ring-stone-300 ring-inset placeholder:text-stone-500"
              />
            </div>
          </div>
          <div className="relative min-h-0 grow overflow-y-auto">
            <ConversationRowsSkeleton />
          </div>
        </div>
        <div className="hidden md:block" />
      </div>
    </div>
  );
}
