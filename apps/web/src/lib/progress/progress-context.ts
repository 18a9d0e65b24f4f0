import type { MeResponse } from '@summa/shared';
import { createContext } from 'react';

export interface ReaderProgressState {
  /** The signed-in reader's profile and progress; null before it loads and for visitors. */
  me: MeResponse | null;
  status: 'signed-out' | 'loading' | 'ready' | 'error';
  /** Loads GET /api/me again after it failed. */
  retry: () => void;
}

export const ReaderProgressContext = createContext<ReaderProgressState | null>(null);
