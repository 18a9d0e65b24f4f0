export const PLAN_TYPES = ['free', 'premium'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** Monthly allowances of the free plan (spec §6, §9); premium has none. */
export const FREE_PLAN_LIMITS = { summariesPerMonth: 10, audiosPerMonth: 10 } as const;
