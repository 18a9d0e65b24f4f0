import type { PlanType } from '@summa/shared';

/**
 * A reader's plan (free or premium): implemented by features/usage, bound in composition.ts, used where
 * the plan changes what a reader gets (the summaries feature's history length).
 */
export interface ReaderPlan {
  planOf(userId: string): Promise<PlanType>;
}
