import { Audiences } from '@/features/landing/components/audiences';
import { Hero } from '@/features/landing/components/hero';
import { HowItWorks } from '@/features/landing/components/how-it-works';
import { Reasons } from '@/features/landing/components/reasons';
import { SignUpCta } from '@/features/landing/components/sign-up-cta';
import { Testimonials } from '@/features/landing/components/testimonials';
import { VideoTeaser } from '@/features/landing/components/video-teaser';

/** `/`: what the platform offers, and the way in. */
export function LandingPage() {
  return (
    <>
      <Hero />
      <Reasons />
      <Audiences />
      <HowItWorks />
      <VideoTeaser />
      <Testimonials />
      <SignUpCta />
    </>
  );
}
