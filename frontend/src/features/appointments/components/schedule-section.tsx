import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TitledSection } from '@/components/ui/titled-section';
import { useMySchedule, type WeekSlot } from '@/features/appointments/api/schedule';
import { ScheduleDialog } from '@/features/appointments/components/schedule-dialog';
import { WeekGrid } from '@/features/appointments/components/week-grid';

/**
 * 'Wanneer Fenna kan': her usual week as a grid, a notice while she paused her profile, and
 * for herself the way to change her week, her periods away and the pause.
 */
export function ScheduleSection({
  firstName,
  week,
  paused,
  own,
}: {
  firstName: string;
  week: readonly WeekSlot[];
  paused: boolean;
  own: boolean;
}) {
  const [open, setOpen] = useState(false);
  const schedule = useMySchedule(own);
  return (
    <TitledSection title={own ? 'Wanneer je kunt' : `Wanneer ${firstName} kan`}>
      {paused && (
        <p className="rounded-xl bg-stone-100 px-4 py-3 text-stone-800">
          {own
            ? 'Je profiel staat op ‘Tijdelijk niet beschikbaar’: je staat in geen enkele lijst.'
            : `${firstName} is tijdelijk niet beschikbaar.`}
        </p>
      )}
      {week.length > 0 ? (
        <WeekGrid slots={week} caption={`Wanneer ${firstName} meestal kan`} />
      ) : (
        <p className="text-stone-600 italic">
          {own ? 'Je hebt nog niet ingevuld wanneer je kunt.' : 'Nog geen week ingevuld.'}
        </p>
      )}
      {own && schedule.data && (
        <>
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => {
              setOpen(true);
            }}
          >
            <CalendarDays aria-hidden="true" className="size-5" />
            Week en vakanties aanpassen
          </Button>
          {open && (
            <ScheduleDialog
              schedule={schedule.data}
              open={open}
              onClose={() => {
                setOpen(false);
              }}
            />
          )}
        </>
      )}
    </TitledSection>
  );
}
