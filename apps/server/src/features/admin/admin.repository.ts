import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type {
  AdminAuditEntry,
  AdminFeedback,
  AdminReader,
  AdminUsageResponse,
  Language,
} from '@summa/shared';
import type { Database, Transaction } from '../../db/database.js';
import { effectivePlan } from '../../db/effective-plan.js';
import {
  adminAudit,
  authSessions,
  bookSummaries,
  premiumGrants,
  profiles,
  summaryFeedback,
  usageCounters,
  userSignups,
  users,
  userSubscriptions,
  workLog,
} from '../../db/schema/index.js';
import type { AuditEntry } from '../../ports/admin-audit.js';
import type { WorkLogEntry } from '../../ports/work-log.js';

const READERS_LIMIT = 50;
const FEEDBACK_LIMIT = 200;
const AUDIT_LIMIT = 200;
const USAGE_DAYS = 30;

export async function insertAudit(
  tx: Transaction,
  admin: { id: string; email: string },
  entry: AuditEntry,
): Promise<void> {
  await tx.insert(adminAudit).values({
    adminId: admin.id,
    adminEmail: admin.email,
    action: entry.action,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel ?? null,
    detail: entry.detail ?? null,
  });
}

export async function listAudit(db: Database): Promise<AdminAuditEntry[]> {
  const rows = await db.select().from(adminAudit).orderBy(desc(adminAudit.createdAt)).limit(AUDIT_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    adminEmail: row.adminEmail,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    createdAt: row.createdAt.toISOString(),
  }));
}

function like(query: string): SQL {
  const escaped = query.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase();
  return sql`${`%${escaped}%`}`;
}

/** Readers whose e-mail or nickname holds `query` (any case), newest first; or one by id. */
export async function findReaders(
  db: Database,
  filter: { query?: string | undefined; id?: string | undefined },
): Promise<AdminReader[]> {
  const monthKey = new Date().toISOString().slice(0, 7);
  const where = filter.id
    ? eq(users.id, filter.id)
    : filter.query
      ? sql`(lower(${users.email}) like ${like(filter.query)} or lower(coalesce(${profiles.nickname}, '')) like ${like(filter.query)})`
      : undefined;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      nickname: profiles.nickname,
      role: users.role,
      plan: effectivePlan(users.id),
      premiumGranted: sql<boolean>`exists (select 1 from ${premiumGrants} where ${premiumGrants.userId} = ${users.id} and ${premiumGrants.revokedAt} is null)`,
      emailConfirmedAt: users.emailConfirmedAt,
      language: sql<Language>`coalesce(${userSignups.language}, ${profiles.preferredLanguage}, 'pt')`,
      signedUpAt: users.createdAt,
      summaries: sql<number>`coalesce(${usageCounters.summariesUsed}, 0)::int`,
      audios: sql<number>`coalesce(${usageCounters.audiosUsed}, 0)::int`,
      lastSeenAt: sql<
        string | null
      >`(select max(${authSessions.lastSeenAt}) from ${authSessions} where ${authSessions.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userSignups, eq(userSignups.userId, users.id))
    .leftJoin(userSubscriptions, eq(userSubscriptions.userId, users.id))
    .leftJoin(usageCounters, and(eq(usageCounters.userId, users.id), eq(usageCounters.monthKey, monthKey)))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(READERS_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    nickname: row.nickname,
    role: row.role,
    plan: row.plan,
    premiumGranted: row.premiumGranted,
    emailConfirmed: row.emailConfirmedAt !== null,
    language: row.language,
    signedUpAt: row.signedUpAt.toISOString(),
    summariesThisMonth: row.summaries,
    audiosThisMonth: row.audios,
    lastSeenAt: row.lastSeenAt === null ? null : new Date(row.lastSeenAt).toISOString(),
  }));
}

/** Every rating, newest first, with its comment and whether it can be shown on the landing. */
export async function listFeedback(db: Database): Promise<AdminFeedback[]> {
  const rows = await db
    .select({
      feedbackId: summaryFeedback.id,
      vote: summaryFeedback.vote,
      comment: summaryFeedback.comment,
      summaryId: summaryFeedback.summaryId,
      bookTitle: bookSummaries.title,
      language: bookSummaries.language,
      nickname: profiles.nickname,
      createdAt: summaryFeedback.createdAt,
      approvedAt: summaryFeedback.testimonialApprovedAt,
    })
    .from(summaryFeedback)
    .innerJoin(bookSummaries, eq(bookSummaries.id, summaryFeedback.summaryId))
    .leftJoin(profiles, eq(profiles.id, summaryFeedback.userId))
    .orderBy(desc(summaryFeedback.createdAt), desc(summaryFeedback.id))
    .limit(FEEDBACK_LIMIT);
  return rows.map((row) => ({
    feedbackId: row.feedbackId,
    vote: row.vote,
    comment: row.comment,
    summaryId: row.summaryId,
    bookTitle: row.bookTitle,
    language: row.language,
    nickname: row.nickname,
    createdAt: row.createdAt.toISOString(),
    eligible: row.vote === 'up' && !!row.nickname && !!row.comment?.trim(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
  }));
}

/** Several lines of the usage log in one statement. */
export async function insertWorkLog(db: Database, entries: readonly WorkLogEntry[]): Promise<void> {
  await db.insert(workLog).values(
    entries.map((entry) => ({
      kind: entry.kind,
      outcome: entry.outcome,
      cause: entry.cause ?? null,
      userId: entry.userId ?? null,
      modelMs: entry.modelMs === undefined ? null : Math.round(entry.modelMs),
      inputTokens: entry.inputTokens ?? null,
      outputTokens: entry.outputTokens ?? null,
    })),
  );
}

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The usage numbers of the last 30 days (UTC), from the usage log and the accounts. */
export async function readUsage(db: Database, now: Date): Promise<AdminUsageResponse> {
  const firstDay = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (USAGE_DAYS - 1)),
  );
  const weekStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 6));
  const since = gte(workLog.createdAt, firstDay);
  const day = sql<string>`to_char(${workLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const delivered = sql`${workLog.kind} in ('summary', 'audio') and ${workLog.outcome} in ('cached', 'made')`;
  const [perDay, [cache], [model], failures, [week], [premium]] = await Promise.all([
    db
      .select({
        day,
        summaries: sql<number>`count(*) filter (where ${workLog.kind} = 'summary' and ${workLog.outcome} <> 'failed')::int`,
        audios: sql<number>`count(*) filter (where ${workLog.kind} = 'audio' and ${workLog.outcome} <> 'failed')::int`,
        active: sql<number>`count(distinct ${workLog.userId}) filter (where ${delivered})::int`,
      })
      .from(workLog)
      .where(since)
      .groupBy(day),
    db
      .select({
        cached: sql<number>`count(*) filter (where ${workLog.outcome} = 'cached')::int`,
        all: sql<number>`count(*) filter (where ${workLog.outcome} in ('cached', 'made'))::int`,
      })
      .from(workLog)
      .where(and(since, eq(workLog.kind, 'summary'))),
    db
      .select({
        runs: sql<number>`count(*)::int`,
        ms: sql<number | null>`avg(${workLog.modelMs})::float8`,
        input: sql<number | null>`avg(${workLog.inputTokens})::float8`,
        output: sql<number | null>`avg(${workLog.outputTokens})::float8`,
      })
      .from(workLog)
      .where(and(since, eq(workLog.kind, 'model'), eq(workLog.outcome, 'made'))),
    db
      .select({
        cause: sql<string>`coalesce(${workLog.cause}, 'UNKNOWN')`,
        count: sql<number>`count(*)::int`,
      })
      .from(workLog)
      .where(and(since, eq(workLog.outcome, 'failed')))
      .groupBy(sql`coalesce(${workLog.cause}, 'UNKNOWN')`)
      .orderBy(desc(sql`count(*)`)),
    db
      .select({ active: sql<number>`count(distinct ${workLog.userId})::int` })
      .from(workLog)
      .where(and(gte(workLog.createdAt, weekStart), delivered)),
    db
      .select({ premium: count() })
      .from(users)
      .leftJoin(userSubscriptions, eq(userSubscriptions.userId, users.id))
      .where(sql`${effectivePlan(users.id)} = 'premium'`),
  ]);
  const byDay = new Map(perDay.map((row) => [row.day, row]));
  const days = Array.from({ length: USAGE_DAYS }, (_, index) => {
    const key = utcDay(new Date(firstDay.getTime() + index * 86_400_000));
    const row = byDay.get(key);
    return {
      day: key,
      summaries: row?.summaries ?? 0,
      audios: row?.audios ?? 0,
      activeReaders: row?.active ?? 0,
    };
  });
  const all = cache?.all ?? 0;
  const round = (value: number | null | undefined) =>
    value === null || value === undefined ? null : Math.round(value);
  return {
    days,
    cacheHitRate: all === 0 ? null : (cache?.cached ?? 0) / all,
    model: {
      runs: model?.runs ?? 0,
      averageMs: round(model?.ms),
      averageInputTokens: round(model?.input),
      averageOutputTokens: round(model?.output),
    },
    failures: failures.map((row) => ({ cause: row.cause, count: row.count })),
    activeReadersWeek: week?.active ?? 0,
    premiumReaders: premium?.premium ?? 0,
  };
}
