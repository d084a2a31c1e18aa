import { createContext } from 'react';
import type { SessionUser } from '@/lib/auth/api/get-current-user';

export interface AuthState {
  /** The signed-in user; null while loading and when signed out. */
  user: SessionUser | null;
  /** True from startup until the first user fetch has ended, whatever its outcome. */
  isPending: boolean;
  /** True while a user fetch is in flight. */
  isFetching: boolean;
  /**
   * True when who is signed in could not be asked for want of a connection, and nobody was known
   * before: `user` is null then, but the person may well be signed in.
   */
  offline: boolean;
  /** Asks again who is signed in (after `offline`). */
  retry: () => void;
  /** Clears the user at once, then ends the session on the server. */
  logout: () => Promise<void>;
  /** Sends the browser to sign in with Google, or to the sign-up page when that is unavailable. */
  startGoogleLogin: () => Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);
