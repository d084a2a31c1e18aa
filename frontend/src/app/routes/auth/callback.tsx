import { AuthCallbackPage } from '@/features/auth/components/auth-callback-page';

export function AuthCallbackRoute() {
  return <AuthCallbackPage />;
}
