import { useParams } from 'react-router';
import { OwnerPage } from '@/features/profiles/components/owner-page';
import { parseProfileId } from '@/lib/profiles/profile-id';

/** `/eigenaar/:ownerId` */
export function OwnerRoute() {
  const { ownerId } = useParams();
  const id = parseProfileId(ownerId);
  return <OwnerPage key={id ?? 'none'} ownerId={id} />;
}
