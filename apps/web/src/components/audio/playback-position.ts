import type { Language } from '@summa/shared';
import { z } from 'zod';

// Where the reader stopped listening, per summary and language, kept on this device.

const positionSchema = z.object({ part: z.number().int().min(1), seconds: z.number().min(0) });
export type PlaybackPosition = z.infer<typeof positionSchema>;

const keyOf = (summaryId: string, language: Language) => `summa.audio.position.${summaryId}.${language}`;

export function readPosition(summaryId: string, language: Language): PlaybackPosition | null {
  try {
    const raw = localStorage.getItem(keyOf(summaryId, language));
    if (!raw) return null;
    const parsed = positionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writePosition(
  summaryId: string,
  language: Language,
  position: PlaybackPosition | null,
): void {
  try {
    if (position) localStorage.setItem(keyOf(summaryId, language), JSON.stringify(position));
    else localStorage.removeItem(keyOf(summaryId, language));
  } catch {
    // A full or blocked storage only loses the resume point.
  }
}

/** 'm:ss' (or 'h:mm:ss'), for a number of seconds. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
