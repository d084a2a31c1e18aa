import type { ReactNode } from 'react';

/** The title block that opens each landing section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  /** Referenced by the section's aria-labelledby. */
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-4 text-center">
      <p className="text-sm font-bold tracking-wider text-teal-800 uppercase">{eyebrow}</p>
      <h2 id={id} className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">
        {title}
      </h2>
      {children && <p className="text-lg leading-relaxed text-stone-700">{children}</p>}
    </div>
  );
}
