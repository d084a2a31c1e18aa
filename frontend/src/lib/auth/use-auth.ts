import { useContext } from 'react';
import { AuthContext, type AuthState } from '@/lib/auth/auth-context';

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (state === null) {
    throw new Error('useAuth must be used within a AuthProvider');
  }
  return state;
}
