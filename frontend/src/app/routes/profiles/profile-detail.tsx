import { useParams } from 'react-router';
import { ProfileRedirect } from '@/features/profiles/components/profile-redirect';

/** `/profiel/:id`: `volunteer-N` and `pet-N` go to their own pages. */
export function ProfileDetailRoute() {
  const { id } = useParams();
  return <ProfileRedirect id={id} />;
}
