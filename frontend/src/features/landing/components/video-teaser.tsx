import { MapPin, MessageCircle, PawPrint, ShieldCheck } from 'lucide-react';
import { SectionHeading } from '@/features/landing/components/section-heading';

/**
 * How the platform looks, drawn from its own screens (a card from the list, a conversation, the
 * note on safe contact): what a visitor will really see, and nothing that still has to be made.
 */
export function VideoTeaser() {
  return (
    <section aria-labelledby="video-title" className="bg-amber-50">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionHeading id="video-title" eyebrow="In beeld" title="Zie hoe Oppasmaatje werkt">
          Van het profiel tot het eerste bericht: zo ziet het eruit als je een oppas of een huisdier
          zoekt.
        </SectionHeading>
        <figure className="mx-auto mt-12 max-w-5xl">
          <ol className="grid gap-6 md:grid-cols-3">
            <li className="flex flex-col gap-3">
              <p className="font-bold text-stone-900">1. Je vindt elkaar in de lijst</p>
              <div
                aria-hidden="true"
                className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
              >
                <div className="flex items-center gap-4">
                  <span className="flex size-14 items-center justify-center rounded-full bg-orange-100 text-orange-800">
                    <PawPrint className="size-7" />
                  </span>
                  <span className="flex flex-col">
                    <span className="text-lg font-bold text-stone-900">Luna</span>
                    <span className="flex items-center gap-1 text-sm text-stone-600">
                      <MapPin className="size-4" />
                      Amsterdam · 1,2 km
                    </span>
                  </span>
                </div>
                <p className="mt-3 text-sm text-stone-700">
                  Slimme border collie die graag lange wandelingen maakt.
                </p>
                <span className="mt-3 inline-block rounded-full bg-orange-50 px-3 py-1 text-sm font-semibold text-orange-800">
                  Bekijk profiel
                </span>
              </div>
            </li>
            <li className="flex flex-col gap-3">
              <p className="font-bold text-stone-900">2. Je stuurt een bericht</p>
              <div
                aria-hidden="true"
                className="flex flex-col gap-2 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
              >
                <span className="self-end rounded-2xl rounded-br-sm bg-teal-700 px-3 py-2 text-sm text-white">
                  Hoi! Ik wandel graag met Luna op zaterdag.
                </span>
                <span className="self-start rounded-2xl rounded-bl-sm bg-stone-100 px-3 py-2 text-sm text-stone-800">
                  Wat leuk! Zullen we eerst kennismaken?
                </span>
                <span className="mt-1 flex items-center gap-1.5 text-sm text-stone-600">
                  <MessageCircle className="size-4" />
                  Berichten
                </span>
              </div>
            </li>
            <li className="flex flex-col gap-3">
              <p className="font-bold text-stone-900">3. Je maakt kennis, veilig</p>
              <div aria-hidden="true" className="rounded-3xl bg-teal-50 p-5 ring-1 ring-teal-100">
                <span className="flex items-center gap-2 font-bold text-teal-900">
                  <ShieldCheck className="size-5" />
                  Veilig contact
                </span>
                <p className="mt-2 text-sm text-stone-700">
                  Al het contact loopt via het platform. Je e-mailadres en telefoonnummer worden
                  nooit gedeeld zonder jouw toestemming.
                </p>
              </div>
            </li>
          </ol>
          <figcaption className="sr-only">
            Drie stappen uit Oppasmaatje zelf: een profiel in de lijst, een gesprek in Berichten en
            de uitleg over veilig contact.
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
