import confetti from 'canvas-confetti';
import { Trophy, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §4 and §9: confetti for 3000 ms, a burst every 250 ms, closed after 5000 ms, sound at 0.5. */
export const CONFETTI_DURATION_MS = 3000;
export const CONFETTI_INTERVAL_MS = 250;
export const CELEBRATION_DURATION_MS = 5000;
export const CELEBRATION_SOUND_VOLUME = 0.5;
/** The first burst's particles; later bursts fall linearly to 0 at CONFETTI_DURATION_MS. */
export const CONFETTI_MAX_PARTICLES = 50;
export const CELEBRATION_SOUND_URL = '/sounds/celebration.wav';

/** The two origins' horizontal ranges, as fractions of the viewport's width. */
const LEFT_ORIGIN = [0.1, 0.3] as const;
const RIGHT_ORIGIN = [0.7, 0.9] as const;

/** One of several things celebrated together, listed on the card. */
export interface CelebrationItem {
  key: string;
  title: string;
  icon: LucideIcon;
  xp: number;
}

export interface CelebrationOverlayProps {
  show: boolean;
  title: string;
  description: string;
  /** A trophy when absent. */
  icon?: LucideIcon;
  /** Shown as '+N XP' on the gold badge; no badge when absent (a celebration without XP). */
  xpReward?: number;
  /** Achievements celebrated together (issue 23): listed on the one card, each with its icon and XP. */
  items?: readonly CelebrationItem[];
  /**
   * Called once the overlay has hidden itself: CELEBRATION_DURATION_MS after `show` became true,
   * or sooner when the reader closes it (Escape, or a click or tap anywhere).
   */
  onComplete: () => void;
}

function between([low, high]: readonly [number, number]): number {
  return low + Math.random() * (high - low);
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

function playChime(): void {
  try {
    const audio = new Audio(CELEBRATION_SOUND_URL);
    audio.volume = CELEBRATION_SOUND_VOLUME;
    // Autoplay rules or a missing file may refuse to play; the celebration goes on silently.
    audio.play().catch(() => undefined);
  } catch {
    // Same: no sound is no reason to skip the celebration.
  }
}

/** One burst from each side, with as many particles as `elapsed` leaves (50 at 0 ms, 0 at 3 s). */
function burst(elapsed: number): void {
  const particleCount = Math.round(CONFETTI_MAX_PARTICLES * (1 - elapsed / CONFETTI_DURATION_MS));
  const common = { particleCount, spread: 70, startVelocity: 35, ticks: 60, zIndex: 80 };
  void confetti({ ...common, origin: { x: between(LEFT_ORIGIN), y: Math.random() * 0.2 + 0.1 } });
  void confetti({ ...common, origin: { x: between(RIGHT_ORIGIN), y: Math.random() * 0.2 + 0.1 } });
}

/**
 * Spec §4 "Celebration overlay": when `show` becomes true it appears with a chime and confetti
 * from both sides, then hides after 5 s and calls `onComplete`. Full screen but non-blocking
 * (nothing in it takes the pointer: a click reaches the page, and closes the celebration too, as
 * Escape does); announced politely; no confetti for reduced motion.
 */
export function CelebrationOverlay({
  show,
  title,
  description,
  icon: Icon = Trophy,
  xpReward,
  items = [],
  onComplete,
}: CelebrationOverlayProps) {
  const { t } = useTranslation();
  // Hidden by its own timer until `show` changes again (state adjusted while rendering, not in an effect).
  const [finished, setFinished] = useState(false);
  const [shownFor, setShownFor] = useState(show);
  if (shownFor !== show) {
    setShownFor(show);
    setFinished(false);
  }
  const latestOnComplete = useRef(onComplete);
  useEffect(() => {
    latestOnComplete.current = onComplete;
  });

  useEffect(() => {
    if (!show) return;
    playChime();
    let confettiTimer: ReturnType<typeof setInterval> | undefined;
    if (!prefersReducedMotion()) {
      let elapsed = 0;
      burst(elapsed);
      confettiTimer = setInterval(() => {
        elapsed += CONFETTI_INTERVAL_MS;
        if (elapsed >= CONFETTI_DURATION_MS) clearInterval(confettiTimer);
        else burst(elapsed);
      }, CONFETTI_INTERVAL_MS);
    }
    // The reader closes it: Escape, or a click or tap anywhere (which still reaches the page).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', close, true);
      clearInterval(confettiTimer);
      clearTimeout(closeTimer);
      // Particles still falling go with the overlay.
      if (confettiTimer !== undefined) confetti.reset();
    };
    function close() {
      stop();
      setFinished(true);
      latestOnComplete.current();
    }
    const closeTimer = setTimeout(close, CELEBRATION_DURATION_MS);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', close, true);
    return stop;
  }, [show]);

  const visible = show && !finished;
  return (
    <div role="status" aria-live="polite" aria-atomic="true">
      {visible ? (
        <div
          className="pointer-events-none fixed inset-0 z-[70] flex items-center justify-center bg-stone-950/30 p-4 scheme-light"
          data-testid="celebration-overlay"
        >
          <div className="flex w-full max-w-sm flex-col items-center gap-3 rounded-3xl border border-amber-200 bg-white px-6 py-8 text-center shadow-2xl">
            <span className="sr-only">{`${t('gamification.celebration.label')}: `}</span>
            <span className="flex size-16 items-center justify-center rounded-full bg-amber-100 text-amber-600 ring-4 ring-amber-50">
              <Icon aria-hidden className="size-8" />
            </span>
            <p className="text-xl font-bold tracking-tight text-stone-900">{title}</p>
            {description ? <p className="text-sm text-stone-600">{description}</p> : null}
            {items.length > 0 ? (
              <ul className="flex w-full flex-col gap-2 text-left" data-testid="celebration-items">
                {items.map((item) => (
                  <li
                    key={item.key}
                    className="flex items-center gap-3 rounded-xl bg-amber-50 px-3 py-2 text-sm font-semibold text-stone-900"
                  >
                    <item.icon aria-hidden className="size-5 shrink-0 text-amber-600" />
                    <span className="min-w-0 flex-1">{item.title}</span>
                    <span className="shrink-0 text-xs font-bold text-amber-800">
                      {t('gamification.xpGain', { xp: item.xp })}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
            {xpReward === undefined ? null : (
              <span
                className="rounded-full bg-gradient-to-r from-amber-300 via-yellow-400 to-amber-500 px-4 py-1 text-sm font-extrabold text-amber-950 shadow-sm scheme-light"
                data-testid="celebration-xp"
              >
                {t('gamification.xpGain', { xp: xpReward })}
              </span>
            )}
            <p className="text-xs text-stone-600">{t('gamification.celebration.dismissHint')}</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
