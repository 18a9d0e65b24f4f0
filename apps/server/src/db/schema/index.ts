// Every table, one file per area; drizzle-kit reads this to generate migrations.
export * from './accounts.js';
export * from './catalog.js';
export * from './auth.js';
export * from './summaries.js';
export * from './work-leases.js';
export * from './audio.js';
export * from './gamification.js';
export * from './billing.js';
export * from './contact.js';
export * from './people.js';
export * from './admin.js';
export * from './reviews.js';
export * from './reminders.js';
export * from './worker-model-status.js';
