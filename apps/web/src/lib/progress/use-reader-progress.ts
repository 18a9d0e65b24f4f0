import { useContext } from 'react';
import { ReaderProgressContext, type ReaderProgressState } from './progress-context';

/** The signed-in reader's profile and progress (XP, level, streak), shared by every screen. */
export function useReaderProgress(): ReaderProgressState {
  const state = useContext(ReaderProgressContext);
  if (!state) throw new Error('useReaderProgress needs a <ReaderProgressProvider> above it.');
  return state;
}
