import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

export interface AuthLayoutProps {
  icon: LucideIcon;
  title: string;
  intro?: ReactNode;
  /** Shown above the card, e.g. the registration progress. */
  above?: ReactNode;
  children: ReactNode;
  /** Shown under the card: links to the other ways in. */
  below?: ReactNode;
}

/** The frame of the sign-up and sign-in pages: one card in the middle of a calm background. */
export function AuthLayout({ icon: Icon, title, intro, above, children, below }: AuthLayoutProps) {
  return (
    <div className="bg-gradient-to-b from-orange-50 to-stone-50 px-4 py-12 sm:px-6 sm:py-16">
      <div className="mx-auto flex max-w-lg flex-col gap-6">
        {above}
        <Card className="flex flex-col gap-6">
          <div className="flex flex-col items-center gap-3 text-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-orange-100 text-orange-800">
              <Icon aria-hidden="true" className="size-7" />
            </span>
            <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
              {title}
            </h1>
            {intro && <div className="text-stone-700">{intro}</div>}
          </div>
          {children}
        </Card>
        {below && <div className="flex flex-col gap-2 text-center text-stone-700">{below}</div>}
      </div>
    </div>
  );
}

/** A red message about the whole form, announced when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {children}
    </p>
  );
}

/** A link in running text, underlined and in the primary colour. */
export const textLink =
  'font-semibold text-orange-800 underline decoration-orange-300 underline-offset-2 hover:decoration-orange-800';

/** The line between two ways in: 'of'. */
export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-sm text-stone-600">
      <span className="h-px flex-1 bg-stone-200" />
      of
      <span className="h-px flex-1 bg-stone-200" />
    </div>
  );
}
