import { Pause, Play, Quote } from 'lucide-react';
import { useState } from 'react';
import { SectionHeading } from '@/features/landing/components/section-heading';
import { cn } from '@/lib/cn';

export interface Testimonial {
  text: string;
  author: string;
  role: 'Baasje' | 'Oppas';
  /** Shown in the avatar; initials, so that no picture is fetched. */
  initials: string;
}

export const testimonials: Testimonial[] = [
  {
    text: 'Via Oppasmaatje vonden we Sanne, die nu twee keer per week met onze Bobbie gaat wandelen. Hij staat al kwispelend bij de deur voordat ze heeft aangebeld.',
    author: 'Marieke de Vries',
    role: 'Baasje',
    initials: 'MV',
  },
  {
    text: 'Ik mis mijn eigen hond nog elke dag. Nu pas ik in het weekend op Max en Luna uit mijn wijk, en ik krijg er minstens zoveel energie van als zij.',
    author: 'Joost Bakker',
    role: 'Oppas',
    initials: 'JB',
  },
  {
    text: 'Mijn kat Pip heeft elke dag medicijnen nodig, dus op vakantie gaan durfde ik niet meer. Nu komt Ineke uit de buurt, en zij doet het net zo zorgvuldig als ik.',
    author: 'Aylin Yılmaz',
    role: 'Baasje',
    initials: 'AY',
  },
];

/**
 * Testimonials on a slowly moving band. The list is rendered twice so the band loops without a
 * gap; the copy is hidden from assistive technology, which reads each testimonial once. Visitors
 * who ask for reduced motion get a still grid, and everyone else can pause the band (WCAG 2.2.2).
 */
export function Testimonials() {
  const [paused, setPaused] = useState(false);

  return (
    <section aria-labelledby="testimonials-title" className="py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Ervaringen"
          title="Wat baasjes en oppassers zeggen"
        >
          Voorbeelden van hoe baasjes en oppassers elkaar via Oppasmaatje kunnen helpen.
        </SectionHeading>
        <div className="mt-6 flex justify-center motion-reduce:hidden">
          <button
            type="button"
            aria-pressed={paused}
            onClick={() => {
              setPaused((value) => !value);
            }}
            className="inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-100"
          >
            {paused ? (
              <Play aria-hidden="true" className="size-4" />
            ) : (
              <Pause aria-hidden="true" className="size-4" />
            )}
            Beweging pauzeren
          </button>
        </div>
      </div>

      <div className="group mt-8 overflow-hidden py-2 [mask-image:linear-gradient(to_right,transparent,black_5%,black_95%,transparent)] motion-reduce:mx-auto motion-reduce:[mask-image:none] motion-reduce:max-w-6xl motion-reduce:px-4 motion-reduce:sm:px-6">
        <div
          className={cn(
            'flex w-max animate-marquee group-hover:[animation-play-state:paused] motion-reduce:w-full motion-reduce:animate-none',
            paused && '[animation-play-state:paused]',
          )}
        >
          <TestimonialList />
          <TestimonialList duplicate />
        </div>
      </div>
    </section>
  );
}

function TestimonialList({ duplicate = false }: { duplicate?: boolean }) {
  return (
    <ul
      aria-hidden={duplicate ? 'true' : undefined}
      className={cn(
        'flex shrink-0 gap-6 pr-6 motion-reduce:grid motion-reduce:w-full motion-reduce:gap-6 motion-reduce:pr-0 motion-reduce:md:grid-cols-3',
        duplicate && 'motion-reduce:hidden',
      )}
    >
      {testimonials.map((testimonial) => (
        <li
          key={testimonial.author}
          className="flex w-80 flex-col rounded-3xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:w-96 motion-reduce:w-auto motion-reduce:sm:w-auto"
        >
          <figure className="flex h-full flex-col gap-5">
            <Quote aria-hidden="true" className="size-8 text-orange-300" />
            <blockquote className="flex-1 leading-relaxed text-stone-800">
              <p>{testimonial.text}</p>
            </blockquote>
            <figcaption className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-11 items-center justify-center rounded-full font-bold',
                  testimonial.role === 'Baasje'
                    ? 'bg-orange-100 text-orange-900'
                    : 'bg-teal-100 text-teal-900',
                )}
              >
                {testimonial.initials}
              </span>
              <span className="flex flex-col">
                <span className="font-bold text-stone-900">{testimonial.author}</span>
                <span className="text-sm text-stone-600">{testimonial.role}</span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
