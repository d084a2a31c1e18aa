import { useParams } from 'react-router';
import { VolunteerPage } from '@/features/profiles/components/volunteer-page';
import { parseProfileId } from '@/lib/profiles/profile-id';

/** `/vrijwilliger/:volunteerId` */
export function VolunteerRoute() {
  const { volunteerId } = useParams();
  const id = parseProfileId(volunteerId);
  return <VolunteerPage key={id ?? 'none'} volunteerId={id} />;
}
