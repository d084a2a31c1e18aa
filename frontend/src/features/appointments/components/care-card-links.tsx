import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { TitledSection } from '@/components/ui/titled-section';
import { paths } from '@/config/paths';
import { CARE_SITTER_DAYS_AFTER } from '@/lib/api/vocabulary';
import type { Appointment } from '@/lib/messaging/appointments';

/**
 * The links to the zorgkaart of each pet of an afspraak that the reader may open now (the server
 * names them in `care`: the other's pets, from the acceptance until a week after the end).
 */
export function CareCardLinks({ appointment }: { appointment: Pick<Appointment, 'care'> }) {
  if (appointment.care.length === 0) return null;
  return (
    // Links side by side, not a list: they sit inside an afspraak that is a list item itself.
    <div className="flex flex-wrap gap-2">
      {appointment.care.map((pet) => (
        <Link
          key={pet.id}
          to={paths.petCare(pet.id)}
          className={buttonStyles({ variant: 'secondary', size: 'sm' })}
        >
          <ClipboardList aria-hidden="true" className="size-4" />
          Zorgkaart van {pet.name}
        </Link>
      ))}
    </div>
  );
}

/** On the owner's own pet page: where its zorgkaart is filled in. Nobody else sees it. */
export function CareCardSection({ petId, petName }: { petId: number; petName: string }) {
  return (
    <TitledSection title="Zorgkaart">
      <p className="text-stone-700">
        Eten, medicijnen, dierenarts en een noodcontact voor je oppas. Alleen jij ziet de zorgkaart
        van {petName}, en je oppas vanaf het accepteren van jullie afspraak tot{' '}
        {CARE_SITTER_DAYS_AFTER} dagen na het einde.
      </p>
      <Link
        to={paths.petCare(petId)}
        className={buttonStyles({ variant: 'secondary', className: 'self-start' })}
      >
        <ClipboardList aria-hidden="true" className="size-5" />
        Zorgkaart bekijken en invullen
      </Link>
    </TitledSection>
  );
}
