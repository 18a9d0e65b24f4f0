import type { AudioPart, Language } from '@summa/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { readPosition, writePosition } from './playback-position';

export const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
const SKIP_SECONDS = 15;
/** How often the resume point is saved while playing. */
const SAVE_EVERY_SECONDS = 5;

export interface PlaybackSubject {
  summaryId: string;
  language: Language;
  title: string;
  author: string;
  coverUrl: string | null;
  appName: string;
}

/**
 * Plays a narration's parts one after the other on one <audio> element: resume where the reader
 * stopped, speed, seeking, waiting for a part that is still being made, and the lock-screen
 * controls (Media Session API).
 */
export function usePlayback(
  parts: readonly AudioPart[],
  subject: PlaybackSubject,
  options: { autoplay?: boolean; totalParts?: number | null } = {},
) {
  const { summaryId, language } = subject;
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const attach = useCallback((element: HTMLAudioElement | null) => {
    audioRef.current = element;
  }, []);
  const saved = useMemo(() => readPosition(summaryId, language), [summaryId, language]);
  const savedExists = saved !== null && parts.some((part) => part.part === saved.part);
  /** The part the reader chose; until then, where they stopped, or the first. */
  const [chosen, setChosen] = useState<number | null>(null);
  const current = chosen ?? (savedExists ? saved.part : (parts[0]?.part ?? null));
  const part = parts.find((candidate) => candidate.part === current) ?? null;
  /** A part the reader wants to hear that is still being made. */
  // The reader who pressed Listen wants the first part as soon as it is stored.
  const [awaited, setAwaited] = useState<number | null>(options.autoplay ? 1 : null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [speed, setSpeed] = useState<number>(1);
  const [failed, setFailed] = useState(false);
  /** Seconds to jump to once the current part's file is loaded, and whether to play then. */
  const pending = useRef<{ seconds: number; play: boolean } | null>(null);
  const lastSaved = useRef(0);

  // Load the current part's file; a fresh signed URL of the same part keeps the position.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !part || audio.src === part.url) return;
    if (!pending.current) {
      if (!audio.src && savedExists && saved.part === part.part) {
        pending.current = { seconds: saved.seconds, play: false };
      } else if (audio.dataset.part === String(part.part)) {
        pending.current = { seconds: audio.currentTime, play: !audio.paused };
      } else if (awaited === part.part) {
        pending.current = { seconds: 0, play: true };
      }
    }
    audio.dataset.part = String(part.part);
    audio.src = part.url;
    audio.load();
  }, [part, saved, savedExists, awaited]);

  useEffect(() => {
    if (audioRef.current) audioRef.current.playbackRate = speed;
  }, [speed, part]);

  const save = useCallback(
    (seconds: number) => {
      if (current !== null) writePosition(summaryId, language, { part: current, seconds });
    },
    [current, summaryId, language],
  );

  const goTo = useCallback(
    (next: number, options: { play: boolean }) => {
      setFailed(false);
      const stored = parts.some((candidate) => candidate.part === next);
      setAwaited(stored || !options.play ? null : next);
      if (stored) pending.current = { seconds: 0, play: options.play };
      const audio = audioRef.current;
      if (next === current && audio) {
        audio.currentTime = 0;
        if (options.play) void audio.play().catch(() => setFailed(true));
        pending.current = null;
      }
      setChosen(next);
    },
    [parts, current],
  );

  const play = useCallback(() => {
    const audio = audioRef.current;
    if (!audio || !part) return;
    setFailed(false);
    void audio.play().catch(() => setFailed(true));
  }, [part]);

  const pause = useCallback(() => audioRef.current?.pause(), []);

  const skip = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (audio) audio.currentTime = Math.min(Math.max(0, audio.currentTime + seconds), audio.duration || 0);
  }, []);

  const seek = useCallback((seconds: number) => {
    if (audioRef.current) audioRef.current.currentTime = seconds;
  }, []);

  const events = {
    onLoadedMetadata() {
      const audio = audioRef.current;
      if (!audio) return;
      setDuration(audio.duration);
      audio.playbackRate = speed;
      const jump = pending.current;
      pending.current = null;
      if (jump) audio.currentTime = Math.min(jump.seconds, audio.duration || jump.seconds);
      if (jump?.play) void audio.play().catch(() => setFailed(true));
    },
    onTimeUpdate() {
      const audio = audioRef.current;
      if (!audio) return;
      setTime(audio.currentTime);
      if (Math.abs(audio.currentTime - lastSaved.current) >= SAVE_EVERY_SECONDS) {
        lastSaved.current = audio.currentTime;
        save(audio.currentTime);
      }
    },
    onPlay: () => setPlaying(true),
    onPause() {
      setPlaying(false);
      const audio = audioRef.current;
      if (audio && !audio.ended) save(audio.currentTime);
    },
    onEnded() {
      setPlaying(false);
      if (current === null) return;
      // On to the next part, stored or still being made; after the last one the narration is over.
      if (current < (options.totalParts ?? Math.max(...parts.map((candidate) => candidate.part)))) {
        goTo(current + 1, { play: true });
      } else save(audioRef.current?.duration ?? 0);
    },
    onError: () => setFailed(true),
  };

  useMediaSession(subject, playing, { play, pause, skip, seek, goTo, current });

  const playback = {
    events,
    current,
    part,
    playing,
    time,
    duration,
    speed,
    setSpeed,
    waiting: awaited !== null && awaited === current && !part,
    resumed: chosen === null && savedExists && (saved.part > 1 || saved.seconds > 1),
    failed,
    play,
    pause,
    skip: (direction: 1 | -1) => skip(direction * SKIP_SECONDS),
    seek,
    goTo,
  };
  // The element's callback ref apart: the state is read while rendering, the element never is.
  return [attach, playback] as const;
}

interface MediaControls {
  play: () => void;
  pause: () => void;
  skip: (seconds: number) => void;
  seek: (seconds: number) => void;
  goTo: (part: number, options: { play: boolean }) => void;
  current: number | null;
}

/** Title, author and cover on the lock screen, with its play, pause, skip and track buttons. */
function useMediaSession(subject: PlaybackSubject, playing: boolean, controls: MediaControls) {
  const { title, author, coverUrl, appName } = subject;
  useEffect(() => {
    if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title,
      artist: author,
      album: appName,
      artwork: coverUrl ? [{ src: coverUrl }] : [],
    });
    return () => {
      navigator.mediaSession.metadata = null;
    };
  }, [title, author, coverUrl, appName]);

  useEffect(() => {
    if ('mediaSession' in navigator) navigator.mediaSession.playbackState = playing ? 'playing' : 'paused';
  }, [playing]);

  const { play, pause, skip, seek, goTo, current } = controls;
  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', play],
      ['pause', pause],
      ['seekbackward', (details) => skip(-(details.seekOffset ?? SKIP_SECONDS))],
      ['seekforward', (details) => skip(details.seekOffset ?? SKIP_SECONDS)],
      ['seekto', (details) => seek(details.seekTime ?? 0)],
      ['previoustrack', () => current !== null && current > 1 && goTo(current - 1, { play: true })],
      ['nexttrack', () => current !== null && goTo(current + 1, { play: true })],
    ];
    const setAll = (clear: boolean) => {
      for (const [action, handler] of handlers) {
        try {
          session.setActionHandler(action, clear ? null : handler);
        } catch {
          // A browser that does not know an action simply goes without it.
        }
      }
    };
    setAll(false);
    return () => setAll(true);
  }, [play, pause, skip, seek, goTo, current]);
}
