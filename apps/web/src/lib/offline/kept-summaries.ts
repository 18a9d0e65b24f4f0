import { summarySchema, type Audio, type AudioPart, type Language, type Summary } from '@summa/shared';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** One narration part kept on the device: its audio as it was downloaded. */
export interface KeptPart {
  part: number;
  durationMs: number;
  audio: Blob;
}

/** A summary kept on this device (ADR 0036): its text and, if the reader chose, its narration. */
export interface KeptSummary {
  /** The summary's id. */
  id: string;
  /** The reader who kept it: each reader of a shared browser sees only their own. */
  owner: string;
  /** ISO 8601. */
  keptAt: string;
  /** As the server sent it (checked against its contract when read back). */
  summary: unknown;
  narration: { language: Language; voice: string; parts: KeptPart[] } | null;
  /** What it takes on the device: the text as stored, plus the narration's audio. */
  bytes: number;
}

/** What the lists show of a kept summary (its text checked). */
export interface KeptEntry {
  summary: Summary;
  keptAt: string;
  withNarration: boolean;
  bytes: number;
}

interface OfflineDb extends DBSchema {
  summaries: { key: string; value: KeptSummary; indexes: { owner: string } };
}

const DB_NAME = 'summa-offline';

let opened: Promise<IDBPDatabase<OfflineDb>> | null = null;

function database(): Promise<IDBPDatabase<OfflineDb>> {
  opened ??= openDB<OfflineDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('summaries', { keyPath: 'id' }).createIndex('owner', 'owner');
    },
  });
  return opened;
}

function textBytes(summary: Summary): number {
  return new Blob([JSON.stringify(summary)]).size;
}

function entryOf(kept: KeptSummary): KeptEntry | null {
  const summary = summarySchema.safeParse(kept.summary);
  if (!summary.success) return null;
  return {
    summary: summary.data,
    keptAt: kept.keptAt,
    withNarration: kept.narration !== null,
    bytes: kept.bytes,
  };
}

/** Downloads each part of a narration (their signed addresses, fresh from the server). */
async function downloadParts(parts: readonly AudioPart[], signal?: AbortSignal): Promise<KeptPart[]> {
  const kept: KeptPart[] = [];
  for (const part of parts) {
    const response = await fetch(part.url, { signal: signal ?? null });
    if (!response.ok) throw new Error(`narration part ${part.part} answered ${response.status}`);
    kept.push({ part: part.part, durationMs: part.durationMs, audio: await response.blob() });
  }
  return kept;
}

/**
 * Keeps `summary` on this device for `owner`, with `narration`'s audio when given (downloaded
 * first: nothing is stored unless all of it came). Keeping it again replaces the copy.
 */
export async function keepSummary(
  owner: string,
  summary: Summary,
  narration: Audio | null,
  signal?: AbortSignal,
): Promise<KeptEntry> {
  const parts = narration ? await downloadParts(narration.parts, signal) : null;
  const kept: KeptSummary = {
    id: summary.id,
    owner,
    keptAt: new Date().toISOString(),
    summary,
    narration: narration && parts ? { language: narration.language, voice: narration.voice, parts } : null,
    bytes: textBytes(summary) + (parts ?? []).reduce((sum, part) => sum + part.audio.size, 0),
  };
  // Asks the browser not to clear the kept copies under storage pressure (it may say no; outside
  // a secure context there is no StorageManager at all).
  if ('storage' in navigator) void navigator.storage.persist().catch(() => false);
  await (await database()).put('summaries', kept);
  forgetAddresses(summary.id);
  return { summary, keptAt: kept.keptAt, withNarration: parts !== null, bytes: kept.bytes };
}

/** The copy of `id` that `owner` kept, or null. */
async function keptCopy(owner: string, id: string): Promise<KeptSummary | null> {
  const kept = await (await database()).get('summaries', id);
  return kept && kept.owner === owner ? kept : null;
}

export async function keptEntry(owner: string, id: string): Promise<KeptEntry | null> {
  const kept = await keptCopy(owner, id);
  return kept ? entryOf(kept) : null;
}

/** Every summary `owner` kept on this device, the latest kept first. */
export async function keptEntries(owner: string): Promise<KeptEntry[]> {
  const all = await (await database()).getAllFromIndex('summaries', 'owner', owner);
  return all
    .map(entryOf)
    .filter((entry) => entry !== null)
    .sort((a, b) => b.keptAt.localeCompare(a.keptAt));
}

export async function removeKept(owner: string, id: string): Promise<void> {
  const db = await database();
  const kept = await db.get('summaries', id);
  if (kept?.owner === owner) await db.delete('summaries', id);
  forgetAddresses(id);
}

/** The object URLs of kept narrations handed out in this page, by summary id. */
const addresses = new Map<string, string[]>();

function forgetAddresses(id: string): void {
  for (const url of addresses.get(id) ?? []) URL.revokeObjectURL(url);
  addresses.delete(id);
}

/**
 * The narration `owner` kept of summary `id` in `language`, as the player takes it: each part's
 * address is a `blob:` URL of its kept audio (the CSP's media-src allows them). Null when none was kept.
 */
export async function keptNarration(owner: string, id: string, language: Language): Promise<Audio | null> {
  const kept = await keptCopy(owner, id);
  const narration = kept?.narration;
  if (!narration || narration.language !== language) return null;
  let urls = addresses.get(id);
  if (!urls) {
    urls = narration.parts.map((part) => URL.createObjectURL(part.audio));
    addresses.set(id, urls);
  }
  const parts: AudioPart[] = narration.parts.map((part, index) => ({
    part: part.part,
    url: urls[index] ?? '',
    durationMs: part.durationMs,
    bytes: part.audio.size,
  }));
  return {
    summaryId: id,
    language,
    parts,
    durationMs: parts.reduce((sum, part) => sum + part.durationMs, 0),
    voice: narration.voice,
    // Kept audio does not expire.
    expiresAt: new Date(8.64e15).toISOString(),
  };
}

/** The kept copy's summary, or null. */
export async function keptSummary(owner: string, id: string): Promise<Summary | null> {
  return (await keptEntry(owner, id))?.summary ?? null;
}
