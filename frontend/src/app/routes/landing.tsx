import { LandingPage } from '@/features/landing/components/landing-page';

/** `/`: loaded with the app itself, as it is the page most visitors arrive on. */
export function LandingRoute() {
  return <LandingPage />;
}
