import { and, asc, count, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { PersonEdit, PersonField, PickSource } from '@summa/shared';
import type { Database, Transaction } from '../../db/database.js';
import { books, people, personPicks, type PersonOrigin } from '../../db/schema/index.js';

/** A person as the list shows them. */
export interface PersonListRow {
  slug: string;
  name: string;
  field: PersonField;
  country: string;
  pickCount: number;
}

/** A pick as stored: the book's id and where the person said it. */
export interface PickRow {
  bookId: string;
  source: PickSource;
}

/** A person with everything an admin edits. */
export interface PersonRecord {
  id: string;
  slug: string;
  name: string;
  field: PersonField;
  country: string;
  bio: { pt: string; en: string; es: string };
  origin: PersonOrigin;
  updatedAt: Date;
  picks: PickRow[];
}

/** A person as the import or an admin writes them, picks by book id in shelf order. */
export type PersonContent = Omit<PersonEdit, 'picks'> & { picks: PickRow[] };

const listed = isNull(people.removedAt);

const PERSON_COLUMNS = {
  id: people.id,
  slug: people.slug,
  name: people.name,
  field: people.field,
  country: people.country,
  bioPt: people.bioPt,
  bioEn: people.bioEn,
  bioEs: people.bioEs,
  origin: people.origin,
  updatedAt: people.updatedAt,
};

type PersonColumns = { [K in keyof typeof PERSON_COLUMNS]: (typeof PERSON_COLUMNS)[K]['_']['data'] };

/** Everyone listed, in the editors' order, with the size of their shelf. */
export async function listPeople(db: Database): Promise<PersonListRow[]> {
  return db
    .select({
      slug: people.slug,
      name: people.name,
      field: people.field,
      country: people.country,
      pickCount: count(personPicks.bookId),
    })
    .from(people)
    .leftJoin(personPicks, eq(personPicks.personId, people.id))
    .where(listed)
    .groupBy(people.id)
    .orderBy(asc(people.position), asc(people.name));
}

async function picksOf(
  db: Database | Transaction,
  personIds: readonly string[],
): Promise<Map<string, PickRow[]>> {
  const byPerson = new Map<string, PickRow[]>(personIds.map((id) => [id, []]));
  if (personIds.length === 0) return byPerson;
  const rows = await db
    .select()
    .from(personPicks)
    .where(inArray(personPicks.personId, [...personIds]))
    .orderBy(asc(personPicks.personId), asc(personPicks.position));
  for (const row of rows) {
    byPerson.get(row.personId)?.push({
      bookId: row.bookId,
      source: { kind: row.sourceKind, title: row.sourceTitle, date: row.sourceDate, url: row.sourceUrl },
    });
  }
  return byPerson;
}

function toRecord(row: PersonColumns, picks: PickRow[]): PersonRecord {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    field: row.field,
    country: row.country,
    bio: { pt: row.bioPt, en: row.bioEn, es: row.bioEs },
    origin: row.origin,
    updatedAt: row.updatedAt,
    picks,
  };
}

/** A listed person with their shelf; undefined for no such (or a removed) person. */
export async function findPerson(
  db: Database | Transaction,
  slug: string,
): Promise<PersonRecord | undefined> {
  const [row] = await db
    .select(PERSON_COLUMNS)
    .from(people)
    .where(and(eq(people.slug, slug), listed));
  if (!row) return undefined;
  const picks = await picksOf(db, [row.id]);
  return toRecord(row, picks.get(row.id) ?? []);
}

/** Every listed person with their shelf, in the editors' order (the curation screen). */
export async function listPeopleRecords(db: Database): Promise<PersonRecord[]> {
  const rows = await db
    .select(PERSON_COLUMNS)
    .from(people)
    .where(listed)
    .orderBy(asc(people.position), asc(people.name));
  const picks = await picksOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toRecord(row, picks.get(row.id) ?? []));
}

/** Of these book ids, the ones no catalogue book has. */
export async function unknownBooks(db: Database, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: books.id })
    .from(books)
    .where(inArray(books.id, [...ids]));
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/** The catalogue ids of these book slugs (slugs of no book are left out). */
export async function bookIdsBySlug(db: Database, slugs: readonly string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ id: books.id, slug: books.slug })
    .from(books)
    .where(inArray(books.slug, [...slugs]));
  return new Map(rows.map((row) => [row.slug, row.id]));
}

function personValues(content: PersonContent) {
  return {
    name: content.name,
    field: content.field,
    country: content.country,
    bioPt: content.bio.pt,
    bioEn: content.bio.en,
    bioEs: content.bio.es,
  };
}

async function replacePicks(tx: Transaction, personId: string, picks: readonly PickRow[]) {
  await tx.delete(personPicks).where(eq(personPicks.personId, personId));
  if (picks.length === 0) return;
  await tx.insert(personPicks).values(
    picks.map((pick, position) => ({
      personId,
      bookId: pick.bookId,
      position,
      sourceKind: pick.source.kind,
      sourceTitle: pick.source.title,
      sourceDate: pick.source.date,
      sourceUrl: pick.source.url,
    })),
  );
}

/** A person's content as one comparable value (what the import compares before writing). */
function contentKey(content: PersonContent): string {
  const { name, field, country, bio, picks } = content;
  const shelf = picks.map(({ bookId, source }) => [
    bookId,
    source.kind,
    source.title,
    source.date,
    source.url,
  ]);
  return JSON.stringify([name, field, country, bio.pt, bio.en, bio.es, shelf]);
}

/** What an import did to the people it was given. */
export interface PeopleImportCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  /** People an admin changed or removed: left as they are, whatever the file says. */
  kept: number;
}

/**
 * Writes the shipped people in one transaction, matched by slug, in the file's order: new ones are
 * inserted, changed ones rewritten (their shelf with them), and people an admin changed or removed
 * (origin 'admin') are never touched.
 */
export async function importPeople(
  db: Database,
  shipped: readonly (PersonContent & { slug: string })[],
): Promise<PeopleImportCounts> {
  return db.transaction(async (tx) => {
    const counts: PeopleImportCounts = { inserted: 0, updated: 0, unchanged: 0, kept: 0 };
    const existing = await tx
      .select({ ...PERSON_COLUMNS, removedAt: people.removedAt })
      .from(people)
      .where(
        inArray(
          people.slug,
          shipped.map((person) => person.slug),
        ),
      );
    const picks = await picksOf(
      tx,
      existing.map((row) => row.id),
    );
    const bySlug = new Map(existing.map((row) => [row.slug, row]));
    for (const [position, person] of shipped.entries()) {
      const row = bySlug.get(person.slug);
      if (row?.origin === 'admin') {
        counts.kept += 1;
        continue;
      }
      if (row && contentKey(toRecord(row, picks.get(row.id) ?? [])) === contentKey(person)) {
        counts.unchanged += 1;
        await tx.update(people).set({ position }).where(eq(people.id, row.id));
        continue;
      }
      const [written] = await tx
        .insert(people)
        .values({ slug: person.slug, position, origin: 'shipped', ...personValues(person) })
        .onConflictDoUpdate({
          target: people.slug,
          set: { position, ...personValues(person), updatedAt: sql`now()` },
          // An admin's change that landed since the read above wins.
          setWhere: sql`${people.origin} = 'shipped'`,
        })
        .returning({ id: people.id });
      if (!written) {
        counts.kept += 1;
        continue;
      }
      await replacePicks(tx, written.id, person.picks);
      if (row) counts.updated += 1;
      else counts.inserted += 1;
    }
    return counts;
  });
}

/** An admin's new person, or undefined when a listed person already has the slug. */
export async function createPerson(
  db: Database,
  slug: string,
  content: PersonContent,
  adminId: string,
): Promise<PersonRecord | undefined> {
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ position: max(people.position) }).from(people);
    const values = {
      ...personValues(content),
      position: (last?.position ?? -1) + 1,
      origin: 'admin' as const,
      editedBy: adminId,
    };
    // A removed person's slug can be given again: the tombstone becomes the new person.
    const [written] = await tx
      .insert(people)
      .values({ slug, ...values })
      .onConflictDoUpdate({
        target: people.slug,
        set: { ...values, removedAt: null, updatedAt: sql`now()` },
        setWhere: sql`${people.removedAt} is not null`,
      })
      .returning({ id: people.id });
    if (!written) return undefined;
    await replacePicks(tx, written.id, content.picks);
    return findPerson(tx, slug);
  });
}

/** An admin's change of a listed person and their shelf; undefined for no such person. */
export async function updatePerson(
  db: Database,
  slug: string,
  content: PersonContent,
  adminId: string,
): Promise<PersonRecord | undefined> {
  return db.transaction(async (tx) => {
    const [written] = await tx
      .update(people)
      .set({ ...personValues(content), origin: 'admin', editedBy: adminId, updatedAt: sql`now()` })
      .where(and(eq(people.slug, slug), listed))
      .returning({ id: people.id });
    if (!written) return undefined;
    await replacePicks(tx, written.id, content.picks);
    return findPerson(tx, slug);
  });
}

/**
 * An admin removes a person: their shelf goes, and the row stays as a tombstone of the admin's
 * (so no deploy brings the person back). False for no such listed person.
 */
export async function removePerson(db: Database, slug: string, adminId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .update(people)
      .set({ removedAt: sql`now()`, origin: 'admin', editedBy: adminId, updatedAt: sql`now()` })
      .where(and(eq(people.slug, slug), listed))
      .returning({ id: people.id });
    if (!removed) return false;
    await tx.delete(personPicks).where(eq(personPicks.personId, removed.id));
    return true;
  });
}
