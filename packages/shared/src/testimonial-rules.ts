// The landing's testimonials rules, without zod: the prerendered landing's island reads them
// (contracts/testimonials.ts re-exports them with the contracts).

/**
 * The landing shows readers' testimonials only once this many are approved in its language;
 * until then it shows the use cases.
 */
export const TESTIMONIALS_MIN_SHOWN = 3;
/** The most the public list answers (the newest approvals first). */
export const TESTIMONIALS_MAX_SHOWN = 6;
