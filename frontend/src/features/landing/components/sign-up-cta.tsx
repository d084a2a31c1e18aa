import { StartButton } from '@/features/landing/components/start-button';
import { useAuth } from '@/lib/auth/use-auth';

export function SignUpCta() {
  const { user } = useAuth();

  return (
    <section aria-labelledby="cta-title" className="px-4 pb-20 sm:px-6">
      <div className="relative mx-auto flex max-w-6xl flex-col items-center gap-6 overflow-hidden rounded-[2.5rem] bg-teal-800 px-6 py-16 text-center text-white shadow-xl sm:px-12">
        <div
          aria-hidden="true"
          className="absolute -top-20 -left-16 size-64 rounded-full bg-teal-700/70"
        />
        <div
          aria-hidden="true"
          className="absolute -right-20 -bottom-24 size-72 rounded-full bg-teal-900/40"
        />
        <h2
          id="cta-title"
          className="relative max-w-2xl text-3xl font-extrabold tracking-tight sm:text-4xl"
        >
          {user ? 'Je maatje wacht op je' : 'Klaar om je maatje te vinden?'}
        </h2>
        <p className="relative max-w-xl text-lg text-teal-50">
          {user
            ? 'In je dashboard zie je je berichten en je profiel, en ga je verder waar je gebleven was.'
            : 'Meld je gratis aan en ontdek vandaag nog wie er bij jou in de buurt klaarstaat. Je zit nergens aan vast.'}
        </p>
        <div className="relative">
          <StartButton
            signedOutLabel="Gratis Aanmelden met Google"
            signedInLabel="Welkom terug!"
            variant="inverse"
            googleMark
            withoutGoogleLabel="Gratis Aanmelden"
          />
        </div>
      </div>
    </section>
  );
}
