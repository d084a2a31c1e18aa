import { useParams } from 'react-router';
import { ProfileRedirect } from '@/features/profiles/components/profile-redirect';

/** `/profielen/:id`: the browse fallback; ids it knows redirect as on `/profiel/:id`. */
export function ProfileFallbackRoute() {
  const { id } = useParams();
  return <ProfileRedirect id={id} />;
}
