import { Outlet, ScrollRestoration } from 'react-router';
import { ConnectionNotices } from '@/components/layout/connection-notices';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { TopStrip } from '@/components/layout/top-strip';
import { OutboxProvider } from '@/features/messages/hooks/use-outbox';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { LiveUpdatesProvider } from '@/lib/live/live-provider';

const MAIN_ID = 'inhoud';

/** The frame of every page: header, the page itself and the footer. */
export function RootLayout() {
  return (
    <AuthProvider>
      <LiveUpdatesProvider>
        <OutboxProvider>
          <div className="flex min-h-dvh flex-col">
            <a
              href={`#${MAIN_ID}`}
              className="sr-only z-50 rounded-full bg-white px-4 py-2 font-semibold text-orange-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
            >
              Naar de inhoud
            </a>
            <TopStrip />
            <Header />
            <ConnectionNotices />
            <main id={MAIN_ID} tabIndex={-1} className="flex-1 focus:outline-none">
              <Outlet />
            </main>
            <Footer />
          </div>
        </OutboxProvider>
      </LiveUpdatesProvider>
      <ScrollRestoration />
    </AuthProvider>
  );
}
