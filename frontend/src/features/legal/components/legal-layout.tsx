import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';

// Links inside running text are underlined, so they do not depend on colour alone (WCAG 1.4.1).
const proseLinks =
  '[&_a]:font-semibold [&_a]:text-teal-800 [&_a]:underline [&_a]:underline-offset-4 hover:[&_a]:text-teal-950';

/** Version date shown on both legal pages; change it with every change of their text. */
export const LEGAL_TEXT_DATE = '22 november 2026';

/** The reading layout of the terms and the privacy statement. */
export function LegalLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(
    title,
    `${title} van Oppasmaatje, het gratis platform voor baasjes en oppassers.`,
  );

  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
      <header className="flex flex-col gap-4 border-b border-stone-200 pb-8">
        <h1 className="text-4xl font-extrabold tracking-tight text-stone-900 sm:text-5xl">
          {title}
        </h1>
        <p className="text-sm text-stone-600">Laatst bijgewerkt op {LEGAL_TEXT_DATE}</p>
        <div className={`text-lg leading-relaxed text-stone-700 ${proseLinks}`}>{intro}</div>
      </header>
      <div className="flex flex-col gap-10 pt-10">{children}</div>
    </article>
  );
}

/** One numbered article or chapter. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      className={`flex flex-col gap-3 leading-relaxed text-stone-800 ${proseLinks} [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ul]:list-disc [&_ul]:space-y-2`}
    >
      <h2 className="text-2xl font-bold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}
