import { describe, expect, it } from 'vitest';
import { translations, LANGUAGES } from '@summa/shared';
import {
  ACHIEVEMENT_COUNTERS,
  loadAchievements,
  newlyEarned,
  type AchievementCounts,
} from './achievements.js';

const zero = Object.fromEntries(ACHIEVEMENT_COUNTERS.map((counter) => [counter, 0])) as AchievementCounts;

describe('the shipped achievements', () => {
  const achievements = loadAchievements();

  it('are at least 20, each with an icon, an XP reward and texts in pt, en and es', () => {
    expect(achievements.length).toBeGreaterThanOrEqual(20);
    for (const language of LANGUAGES) {
      const items: Record<string, { title: string; description: string }> =
        translations[language].achievements.items;
      expect(Object.keys(items).sort()).toEqual(achievements.map((item) => item.key).sort());
      for (const { key } of achievements) {
        expect(items[key]?.title.length).toBeGreaterThan(0);
        expect(items[key]?.description.length).toBeGreaterThan(0);
      }
    }
  });

  it('cover what the issue lists', () => {
    const rules = achievements.map(({ rule }) => `${rule.counter}:${rule.target}`);
    for (const rule of [
      'summaries_generated:1',
      'summaries_generated:5',
      'summaries_generated:25',
      'summaries_generated:100',
      'streak:3',
      'streak:7',
      'streak:30',
      'streak:100',
      'audios:1',
      'audios:10',
      'shares:1',
      'feedbacks:1',
      'languages:3',
      'categories:5',
      'level:2',
      'level:3',
      'level:4',
      'level:5',
    ]) {
      expect(rules).toContain(rule);
    }
  });

  it('are earned once their counter reaches the target, and only once', () => {
    const earned = newlyEarned(achievements, { ...zero, summaries_generated: 5, level: 1 }, new Set());
    expect(earned.map((item) => item.key)).toEqual(['first_summary', 'summaries_5']);
    expect(
      newlyEarned(achievements, { ...zero, summaries_generated: 5 }, new Set(['first_summary'])),
    ).toHaveLength(1);
    expect(newlyEarned(achievements, zero, new Set())).toEqual([]);
  });
});
