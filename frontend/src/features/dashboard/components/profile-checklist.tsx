import { CheckCircle2, Circle, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCompleteness } from '@/features/dashboard/api/completeness';
import * as V from '@/lib/api/vocabulary';
import { labelOf } from '@/lib/vocabulary';

export const CHECKLIST_TITLE = 'Je profiel';
export const COMPLETE = 'Je profiel is compleet. Zo kunnen anderen je goed beoordelen.';
export const INCOMPLETE = 'Een compleet profiel wekt vertrouwen.';
/** For a sitter: why the photo and the week matter in the lists. */
export const INCOMPLETE_SITTER = `${INCOMPLETE} Oppassers met een foto en een week staan bovenaan bij Aanbevolen.`;
export const COMPLETE_IT = 'Profiel aanvullen';

/**
 * The dashboard's short checklist of what makes a profile complete (a photo, a few sentences,
 * a sitter's week, each pet's basics), with its share and the way to the profile to add what is
 * missing. Shown once the person has a profile.
 */
export function ProfileChecklist({
  editLink,
  sitter,
}: {
  editLink: string | null;
  sitter: boolean;
}) {
  const checklist = useCompleteness(editLink !== null);
  if (editLink === null) return null;
  return (
    <Card as="section" aria-labelledby="profile-checklist" className="flex flex-col gap-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="profile-checklist" className="text-xl font-bold text-stone-900">
          {CHECKLIST_TITLE}
        </h2>
        {checklist.data && (
          <span className="text-sm font-semibold text-stone-700">
            {checklist.data.share}% compleet
          </span>
        )}
      </div>
      {checklist.data ? (
        <>
          <div
            role="progressbar"
            aria-label="Hoe compleet je profiel is"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={checklist.data.share}
            className="h-2 overflow-hidden rounded-full bg-stone-200"
          >
            <div
              className="h-full rounded-full bg-teal-700"
              style={{ width: `${String(checklist.data.share)}%` }}
            />
          </div>
          <ul className="flex flex-col gap-2" aria-label="Wat een compleet profiel heeft">
            {checklist.data.steps.map(({ step, done }) => (
              <li key={step} className="flex items-start gap-2 text-stone-800">
                {done ? (
                  <CheckCircle2
                    aria-hidden="true"
                    className="mt-0.5 size-5 shrink-0 text-green-700"
                  />
                ) : (
                  <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-stone-500" />
                )}
                <span>
                  {labelOf(V.CompletenessStep, step) ?? step}
                  <span className="sr-only">{done ? ' (gedaan)' : ' (nog niet)'}</span>
                </span>
              </li>
            ))}
          </ul>
          {checklist.data.share === 100 ? (
            <p className="text-sm text-stone-700">{COMPLETE}</p>
          ) : (
            <>
              <p className="text-sm text-stone-700">{sitter ? INCOMPLETE_SITTER : INCOMPLETE}</p>
              <Link
                to={editLink}
                className={buttonStyles({ variant: 'secondary', className: 'w-full' })}
              >
                <Pencil aria-hidden="true" className="size-5" />
                {COMPLETE_IT}
              </Link>
            </>
          )}
        </>
      ) : checklist.isError ? (
        <p className="text-sm text-stone-700">De lijst kon niet worden geladen.</p>
      ) : (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-2 w-full" />
          <Skeleton className="h-5 w-4/5" />
          <Skeleton className="h-5 w-3/5" />
          <Skeleton className="h-5 w-4/5" />
        </div>
      )}
    </Card>
  );
}
