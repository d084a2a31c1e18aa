import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ProfileNotFound } from '@/features/profiles/components/profile-states';
import { parseProfileId } from '@/lib/profiles/profile-id';

export const PROFILE_NOT_FOUND = 'Profiel niet gevonden';
export const REDIRECTING = 'Doorverwijzen naar profiel...';

/** Where a browse id leads: `volunteer-N` to the sitter, `pet-N` to the pet. */
export function profileTarget(id: string | undefined): string | null {
  const match = /^(volunteer|pet)-(.+)$/.exec(id ?? '');
  if (!match) return null;
  const number = parseProfileId(match[2]);
  if (number === null) return null;
  return match[1] === 'volunteer' ? paths.volunteer(number) : paths.pet(number);
}

/** `/profiel/{id}` and `/profielen/{id}`: redirects known ids, otherwise 'Profiel niet gevonden'. */
export function ProfileRedirect({ id }: { id: string | undefined }) {
  const navigate = useNavigate();
  const target = profileTarget(id);

  useEffect(() => {
    if (target) {
      void navigate(target, { replace: true });
    }
  }, [navigate, target]);

  if (!target) {
    return <ProfileNotFound title={PROFILE_NOT_FOUND} />;
  }
  return (
    <div className="flex justify-center px-4 py-24 text-lg text-stone-700">
      <Spinner label={REDIRECTING} />
    </div>
  );
}
