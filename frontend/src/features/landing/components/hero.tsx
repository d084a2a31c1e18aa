import { ArrowDown, Dog, HeartHandshake, MapPin, MessageCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { buttonStyles } from '@/components/ui/button';
import { HeroSearch } from '@/features/landing/components/hero-search';
import { StartButton } from '@/features/landing/components/start-button';
import { useAuth } from '@/lib/auth/use-auth';
import { firstNameOf } from '@/lib/auth/user-display';

export function Hero() {
  const { user } = useAuth();

  return (
    <section aria-labelledby="hero-title" className="bg-linear-to-b from-amber-50 to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-8 sm:px-6 sm:pb-20 md:pt-20 lg:grid-cols-[1.1fr_0.9fr] lg:pb-28">
        <div className="flex flex-col items-start gap-6">
          {user ? (
            <Badge tone="teal">Welkom, {firstNameOf(user)}</Badge>
          ) : (
            <Badge>
              <HeartHandshake aria-hidden="true" className="size-4" />
              100% gratis, met hart voor dieren
            </Badge>
          )}
          <h1
            id="hero-title"
            className="text-4xl leading-tight font-extrabold tracking-tight text-stone-900 sm:text-5xl xl:text-6xl"
          >
            Een lieve oppas voor je huisdier,{' '}
            <span className="text-orange-700">gewoon in je buurt</span>
          </h1>
          <p className="max-w-xl text-lg leading-relaxed text-stone-700 sm:text-xl">
            Oppasmaatje brengt baasjes en vrijwillige oppassers bij elkaar. Of je nu iemand zoekt
            die doordeweeks met je hond wandelt, je kat verzorgt als je een weekend weg bent of je
            konijn gezelschap houdt in de vakantie: hier vind je een maatje dat het met liefde doet.
          </p>
          <HeroSearch />
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <StartButton signedOutLabel="Gratis Aanmelden" signedInLabel="Dashboard" />
            <a href="#hoe-werkt-het" className={buttonStyles({ variant: 'secondary', size: 'lg' })}>
              Hoe werkt het?
              <ArrowDown aria-hidden="true" className="size-5" />
            </a>
          </div>
          <p className="text-sm text-stone-600">
            Geen kosten, geen abonnement. Al het contact loopt veilig via het platform.
          </p>
        </div>

        <HeroIllustration />
      </div>
    </section>
  );
}

/** A sketch of what a match looks like; decoration, so hidden from assistive technology. */
function HeroIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-md sm:block">
      <div className="absolute -top-6 -left-6 size-40 rounded-full bg-orange-200/60 blur-2xl" />
      <div className="absolute -right-4 -bottom-8 size-48 rounded-full bg-teal-200/60 blur-2xl" />

      <div className="relative rotate-1 rounded-3xl bg-white p-6 shadow-xl ring-1 ring-stone-200">
        <div className="flex items-center gap-4">
          <span className="flex size-16 items-center justify-center rounded-2xl bg-orange-100 text-orange-800">
            <Dog className="size-9" />
          </span>
          <div>
            <p className="text-lg font-bold text-stone-900">Bobbie, labrador</p>
            <p className="flex items-center gap-1 text-stone-600">
              <MapPin className="size-4" /> Utrecht, Lombok
            </p>
          </div>
        </div>
        <p className="mt-4 text-stone-700">
          Vrolijke labrador van vier die dol is op lange wandelingen en op iedereen die een bal kan
          gooien.
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Badge tone="teal">Uitlaatservice</Badge>
          <Badge tone="stone">Doordeweeks overdag</Badge>
        </div>
      </div>

      <div className="relative mt-4 ml-auto w-5/6 -rotate-1 rounded-3xl bg-white p-5 shadow-xl ring-1 ring-stone-200">
        <div className="flex items-center gap-3">
          <span className="flex size-11 items-center justify-center rounded-full bg-teal-700 font-bold text-white">
            SV
          </span>
          <div>
            <p className="font-bold text-stone-900">Sanne, oppas</p>
            <p className="text-sm text-stone-600">1,2 km verderop</p>
          </div>
          <MessageCircle className="ml-auto size-6 text-teal-700" />
        </div>
        <p className="mt-3 rounded-2xl bg-teal-50 px-4 py-3 text-stone-800">
          Wat een schatje! Zal ik zaterdag om tien uur langskomen om kennis te maken?
        </p>
      </div>
    </div>
  );
}
