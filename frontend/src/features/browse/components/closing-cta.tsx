import type { ReactNode } from 'react';
import { useProfileLookup } from '@/lib/auth/api/get-profile-lookup';
import { useAuth } from '@/lib/auth/use-auth';

/**
 * The dark band that closes a browse page: a heading, a line and its buttons, inviting people to
 * make a profile. Someone signed in who has one is not asked again.
 */
export function ClosingCta({
  id,
  title,
  text,
  children,
}: {
  /** Referenced by the section's aria-labelledby. */
  id: string;
  title: string;
  text: string;
  /** The buttons. */
  children: ReactNode;
}) {
  const { user } = useAuth();
  const own = useProfileLookup(user?.id ?? null);
  if (user !== null && own.data) return null;
  return (
    <section aria-labelledby={id} className="px-4 pb-16 sm:px-6 sm:pb-20">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-5 rounded-[2.5rem] bg-teal-800 px-6 py-12 text-center text-white shadow-xl sm:px-12 sm:py-16">
        <h2 id={id} className="max-w-2xl text-3xl font-extrabold tracking-tight sm:text-4xl">
          {title}
        </h2>
        <p className="max-w-xl text-lg text-teal-50">{text}</p>
        <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          {children}
        </div>
      </div>
    </section>
  );
}
