import { UnsubscribePage } from '@/features/browse/components/unsubscribe-page';

export function UnsubscribeRoute() {
  return <UnsubscribePage />;
}
