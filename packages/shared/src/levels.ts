/**
 * Level tiers (spec §3, §4 "XP and levels"; DESIGN.md "Gamification rules"): the level derives
 * from total XP. Each tier has an icon (a lucide-react icon name) and a colour; their names are
 * texts, translated in the interface.
 */
export const LEVEL_TIERS = [
  { level: 1, key: 'beginner', minXp: 0, icon: 'sprout', color: '#16a34a' },
  { level: 2, key: 'learner', minXp: 100, icon: 'book-open', color: '#2563eb' },
  { level: 3, key: 'thinker', minXp: 500, icon: 'lightbulb', color: '#7c3aed' },
  { level: 4, key: 'master', minXp: 1500, icon: 'crown', color: '#d97706' },
  { level: 5, key: 'enlightened', minXp: 5000, icon: 'sparkles', color: '#db2777' },
] as const;

export type LevelTier = (typeof LEVEL_TIERS)[number];
export type LevelKey = LevelTier['key'];

/** XP awarded once per level reached (spec §4: the level-up notification shows it). */
export const LEVEL_UP_REWARD_XP = 100;

export interface LevelProgress {
  tier: LevelTier;
  /** Percentage of the current tier's range reached, 0 to 100; 100 at the top tier. */
  progress: number;
  /** XP at which the next tier starts; the current XP at the top tier (spec §4). */
  nextThreshold: number;
}

function checkedXp(xp: number): number {
  if (!Number.isSafeInteger(xp) || xp < 0) throw new RangeError(`XP must be a whole number ≥ 0, got ${xp}`);
  return xp;
}

/** The tier that `xp` total XP reaches. */
export function tierOf(xp: number): LevelTier {
  const total = checkedXp(xp);
  let reached: LevelTier = LEVEL_TIERS[0];
  for (const tier of LEVEL_TIERS) if (total >= tier.minXp) reached = tier;
  return reached;
}

/** Where `xp` total XP stands: its tier, the progress through that tier, and the next threshold. */
export function levelProgress(xp: number): LevelProgress {
  const tier = tierOf(xp);
  const next = LEVEL_TIERS.find((candidate) => candidate.level === tier.level + 1);
  if (!next) return { tier, progress: 100, nextThreshold: xp };
  const progress = ((xp - tier.minXp) / (next.minXp - tier.minXp)) * 100;
  return { tier, progress: Math.min(100, progress), nextThreshold: next.minXp };
}
