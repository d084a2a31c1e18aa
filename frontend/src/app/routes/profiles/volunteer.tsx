import { useParams } from 'react-router';
import { parseProfileId } from '@/features/profiles/components/profile-redirect';
import { VolunteerPage } from '@/features/profiles/components/volunteer-page';

/** `/vrijwilliger/:volunteerId` */
export function VolunteerRoute() {
  const { volunteerId } = useParams();
  const id = parseProfileId(volunteerId);
  return <VolunteerPage key={id ?? 'none'} volunteerId={id} />;
}
