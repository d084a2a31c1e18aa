import { useParams } from 'react-router';
import { PetPage } from '@/features/profiles/components/pet-page';
import { parsePetId } from '@/lib/profiles/profile-id';

/** `/huisdier/:petId`; a `pet-` prefix on the id is stripped. */
export function PetRoute() {
  const { petId } = useParams();
  const id = parsePetId(petId);
  return <PetPage key={id ?? 'none'} petId={id} />;
}
