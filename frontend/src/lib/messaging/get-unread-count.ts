import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { useAuth } from '@/lib/auth/use-auth';
import { messagingKeys } from '@/lib/messaging/keys';

/** `GET /api/unread`: the signed-in person's unread messages over all conversations. */
export async function getUnreadCount(): Promise<number> {
  return (await unwrap(api.GET('/api/unread'))).unreadCount;
}

/** `signedIn` false (a visitor) disables the query. */
export const unreadCountQueryOptions = (signedIn: boolean) =>
  queryOptions({
    queryKey: messagingKeys.unread(),
    queryFn: signedIn ? getUnreadCount : skipToken,
  });

/**
 * The unread count for the header and the dashboard; undefined while unknown or signed out. The
 * live updates refresh it whenever a message arrives or a conversation is read.
 */
export function useUnreadCount(): number | undefined {
  const { user } = useAuth();
  return useQuery(unreadCountQueryOptions(user !== null)).data;
}
