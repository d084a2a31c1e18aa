import { useAuth } from '@/lib/auth/use-auth';

/**
 * Says who the app knows is looking, once the session has been read. Every component that reads
 * the session draws in the same pass, so a test that finds this text knows they have settled:
 * the positive signal to wait for before proving that something is not shown.
 */
export function Viewer() {
  const { user, isPending } = useAuth();
  if (isPending) return null;
  return <p>{user ? `Ingelogd als ${String(user.id)}` : 'Niet ingelogd'}</p>;
}
