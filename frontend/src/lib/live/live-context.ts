import { createContext } from 'react';
import type { LiveChannel } from '@/lib/live/live-channel';

/** The session's live channel; null outside the provider (nothing live then). */
export const LiveContext = createContext<LiveChannel | null>(null);
