import { LEVEL_TIERS, tierOf, type LevelTier } from '@summa/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';
import { GamificationIcon } from './gamification-icons';

/** The tier of a level number (1 to 5); a level beyond the table is the top tier. */
export function tierOfLevel(level: number): LevelTier {
  return LEVEL_TIERS.find((tier) => tier.level === level) ?? tierOf(Number.MAX_SAFE_INTEGER);
}

/** A tier's icon in its colour, decorative (the level's name is always written next to it). */
export function LevelIcon({ tier, className }: { tier: LevelTier; className?: string }) {
  return (
    <GamificationIcon
      name={tier.icon}
      aria-hidden
      className={cn('size-4 shrink-0', className)}
      style={{ color: tier.color }}
    />
  );
}

/** A level's icon and translated name, e.g. "🌱 Beginner". */
export function LevelName({ level, className }: { level: number; className?: string }) {
  const { t } = useTranslation();
  const tier = tierOfLevel(level);
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      <LevelIcon tier={tier} />
      {t(`gamification.levels.${tier.key}`)}
    </span>
  );
}
