import { CalendarDays } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ProfileSection } from '@/features/profiles/components/profile-layout';
import { helpNeededText, type HelpNeeded } from '@/lib/profiles/help-needed';

// Only the owner opens it: visitors never load its code.
const HelpNeededDialog = lazy(async () => ({
  default: (await import('@/features/profiles/components/help-needed-dialog')).HelpNeededDialog,
}));

/**
 * 'Hulp nodig': when the owner looks for help with the pet, a period or regular days. Visitors
 * see it only when there is something to say; the owner always, with the way to change it.
 */
export function HelpNeededSection({
  petId,
  petName,
  help,
  own,
}: {
  petId: number;
  petName: string;
  help: HelpNeeded | null;
  own: boolean;
}) {
  const [open, setOpen] = useState(false);
  if (!help && !own) {
    return null;
  }
  return (
    <ProfileSection title="Hulp nodig">
      {help ? (
        <p className="flex items-start gap-2 text-stone-800">
          <CalendarDays aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-orange-700" />
          {helpNeededText(help)}
        </p>
      ) : (
        <p className="text-stone-600 italic">Nog niet aangegeven.</p>
      )}
      {own && (
        <>
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => {
              setOpen(true);
            }}
          >
            <CalendarDays aria-hidden="true" className="size-5" />
            Hulp nodig aanpassen
          </Button>
          {open && (
            <Suspense fallback={<Spinner label="Laden..." />}>
              <HelpNeededDialog
                petId={petId}
                petName={petName}
                help={help}
                open={open}
                onClose={() => {
                  setOpen(false);
                }}
              />
            </Suspense>
          )}
        </>
      )}
    </ProfileSection>
  );
}
