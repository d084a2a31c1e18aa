import { useParams } from 'react-router';
import { NotFoundRoute } from '@/app/routes/not-found';
import { SignedInOnly } from '@/components/auth/guards';
import { Loading, Skeleton } from '@/components/ui/skeleton';
import { CareCardPage } from '@/features/appointments/components/care-card-page';
import { parsePetId } from '@/lib/profiles/profile-id';

/** `/huisdier/:petId/zorgkaart`, signed in only. */
export function PetCareRoute() {
  const { petId } = useParams();
  const id = parsePetId(petId);
  if (id === null) return <NotFoundRoute />;
  return (
    <SignedInOnly
      pending={
        <Loading label="Zorgkaart laden..." className="mx-auto max-w-3xl px-4 py-8">
          <Skeleton className="h-9 w-2/3" />
        </Loading>
      }
    >
      <CareCardPage key={id} petId={id} />
    </SignedInOnly>
  );
}
