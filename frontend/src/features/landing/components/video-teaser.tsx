import { Play } from 'lucide-react';
import { SectionHeading } from '@/features/landing/components/section-heading';

/**
 * Room for a short film about the platform. Until there is one the card says so, rather than
 * offering a play button that does nothing; nothing is loaded from video sites.
 */
export function VideoTeaser() {
  return (
    <section aria-labelledby="video-title" className="bg-amber-50">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionHeading id="video-title" eyebrow="In beeld" title="Zie hoe Oppasmaatje werkt">
          Van aanmelden tot de eerste wandeling: in een korte film laten baasjes en oppassers zien
          hoe ze elkaar vonden.
        </SectionHeading>
        <figure className="relative mx-auto mt-12 flex min-h-80 max-w-4xl sm:aspect-video sm:min-h-0 flex-col items-center justify-center gap-5 overflow-hidden rounded-3xl bg-linear-to-br from-teal-800 to-teal-950 p-8 text-center text-white shadow-xl">
          <div
            aria-hidden="true"
            className="absolute -top-16 -left-16 size-64 rounded-full bg-teal-600/30"
          />
          <div
            aria-hidden="true"
            className="absolute -right-20 -bottom-20 size-72 rounded-full bg-teal-500/20"
          />
          <span
            aria-hidden="true"
            className="relative flex size-20 shrink-0 items-center justify-center rounded-full bg-white text-teal-900 shadow-lg sm:size-24"
          >
            <Play className="ml-1 size-9 fill-current sm:size-11" />
          </span>
          <figcaption className="relative flex max-w-md flex-col gap-2">
            <span className="text-xl font-bold sm:text-2xl">De film is bijna klaar</span>
            <span className="text-teal-50">
              Binnenkort te zien op deze pagina. Tot die tijd vertellen onze gebruikers hieronder
              zelf hoe het ze bevalt.
            </span>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
