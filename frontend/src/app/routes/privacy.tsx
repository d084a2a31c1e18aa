import { PrivacyPage } from '@/features/legal/components/privacy-page';

export function PrivacyRoute() {
  return <PrivacyPage />;
}
