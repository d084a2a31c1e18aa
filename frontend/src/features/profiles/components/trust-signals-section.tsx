import { BulletList, ProfileSection } from '@/features/profiles/components/profile-layout';
import { type TrustSignals, trustLines } from '@/lib/profiles/trust-signals';

/**
 * What the page tells about the person behind it, from what they did on the platform. Nothing
 * when the answer has no signals (an instance that does not send them yet, during a deploy).
 */
export function TrustSignalsSection({
  trust,
  firstName,
}: {
  trust: TrustSignals | undefined;
  firstName: string;
}) {
  if (!trust) return null;
  return (
    <ProfileSection title={`${firstName} op Oppasmaatje`}>
      <BulletList items={trustLines(trust)} label={`Over ${firstName} op Oppasmaatje`} />
    </ProfileSection>
  );
}
