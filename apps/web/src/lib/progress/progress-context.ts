import type { MeResponse, Profile, ReaderProgress } from '@summa/shared';
import { createContext } from 'react';

export interface ReaderProgressState {
  /** The signed-in reader's profile and progress; null before it loads and for visitors. */
  me: MeResponse | null;
  status: 'signed-out' | 'loading' | 'ready' | 'error';
  /** Loads GET /api/me again (after a change made elsewhere). */
  refresh: () => void;
  /** Replaces the profile with one the server just answered (settings). */
  setProfile: (profile: Profile) => void;
  /** Replaces the progress with one the server just answered (an XP award). */
  setProgress: (progress: ReaderProgress) => void;
}

export const ReaderProgressContext = createContext<ReaderProgressState | null>(null);
