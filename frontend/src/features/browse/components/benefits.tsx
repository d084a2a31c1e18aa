import { IconCard, type IconCardProps } from '@/components/ui/icon-card';

export type Benefit = IconCardProps;

/** A titled row of benefit cards (three on large screens). */
export function Benefits({
  id,
  title,
  benefits,
}: {
  /** Referenced by the section's aria-labelledby. */
  id: string;
  title: string;
  benefits: readonly Benefit[];
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
      <h2
        id={id}
        className="text-center text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl"
      >
        {title}
      </h2>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {benefits.map((benefit) => (
          <IconCard key={benefit.title} {...benefit} />
        ))}
      </ul>
    </section>
  );
}
