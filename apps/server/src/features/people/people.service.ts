import { createHash } from 'node:crypto';
import {
  initialsOf,
  type AdminPerson,
  type Language,
  type PeopleResponse,
  type Person,
  type PersonCreate,
  type PersonEdit,
} from '@summa/shared';
import { CATALOG_IMPORT_ID, importedHash, recordImport } from '../../db/data-imports.repository.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { InfoLog } from '../../observability/info-log.js';
import type { ListedBooks } from '../../ports/listed-books.js';
import { loadPeople, type ShippedPerson } from './people-data.js';
import {
  bookIdsBySlug,
  createPerson,
  findPerson,
  importPeople,
  listPeople,
  listPeopleRecords,
  removePerson,
  unknownBooks,
  updatePerson,
  type PeopleImportCounts,
  type PersonContent,
  type PersonRecord,
} from './people.repository.js';

const PEOPLE_IMPORT_ID = 'people';

export interface PeopleDeps {
  db: Database;
  /** The catalogue's books as lists show them (the ListedBooks port). */
  books: ListedBooks;
  log: InfoLog;
  /** The people to import; by default the shipped file (data/people.json). */
  shipped?: readonly ShippedPerson[];
}

/** What an import did; `skipped` when neither the file nor the catalogue changed since the last one. */
export type PeopleImportResult = PeopleImportCounts & { total: number; skipped: boolean };

/**
 * Well-known people and the books they recommended (ADR 0028): the shipped file imported at start,
 * the public list and shelves, and the admins' curation. A person an admin changed or removed is
 * theirs: no import rewrites them.
 */
export class PeopleService {
  private readonly shipped: readonly ShippedPerson[];

  constructor(private readonly deps: PeopleDeps) {
    this.shipped = deps.shipped ?? loadPeople();
  }

  /**
   * At start, after the catalogue's import: writes the shipped people when the file, or the
   * catalogue their shelves name, changed since the last import (otherwise one small query).
   */
  async importShipped({ force = false }: { force?: boolean } = {}): Promise<PeopleImportResult> {
    const { db, log } = this.deps;
    const total = this.shipped.length;
    const hash = createHash('sha256')
      .update(JSON.stringify(this.shipped))
      .update((await importedHash(db, CATALOG_IMPORT_ID)) ?? '')
      .digest('hex');
    if (!force && (await importedHash(db, PEOPLE_IMPORT_ID)) === hash) {
      log.info({ total }, 'people unchanged since their last import');
      return { total, inserted: 0, updated: 0, unchanged: total, kept: 0, skipped: true };
    }
    const started = performance.now();
    const slugs = [...new Set(this.shipped.flatMap((person) => person.picks.map((pick) => pick.book)))];
    const ids = await bookIdsBySlug(db, slugs);
    const missing = slugs.filter((slug) => !ids.has(slug));
    if (missing.length > 0) {
      throw new Error(`data/people.json names books the catalogue lacks: ${missing.join(', ')}`);
    }
    const counts = await importPeople(
      db,
      this.shipped.map((person) => ({
        slug: person.slug,
        name: person.name,
        field: person.field,
        country: person.country,
        bio: person.bio,
        picks: person.picks.flatMap((pick) => {
          const bookId = ids.get(pick.book);
          return bookId ? [{ bookId, source: pick.source }] : [];
        }),
      })),
    );
    await recordImport(db, PEOPLE_IMPORT_ID, hash, total);
    log.info(
      { ...counts, total, ms: Math.round(performance.now() - started) },
      'people imported (the file, or the catalogue, changed)',
    );
    return { ...counts, total, skipped: false };
  }

  async list(): Promise<PeopleResponse> {
    const rows = await listPeople(this.deps.db);
    return { people: rows.map((row) => ({ ...row, initials: initialsOf(row.name) })) };
  }

  /** A person's bio and shelf in `language`; 404 for no such person. */
  async get(slug: string, language: Language): Promise<Person> {
    const record = await findPerson(this.deps.db, slug);
    if (!record) throw new AppError('NOT_FOUND', 404);
    const books = await this.deps.books.listed(
      record.picks.map((pick) => pick.bookId),
      language,
    );
    return {
      slug: record.slug,
      name: record.name,
      initials: initialsOf(record.name),
      field: record.field,
      country: record.country,
      pickCount: record.picks.length,
      bio: record.bio[language],
      picks: record.picks.flatMap((pick) => {
        const book = books.get(pick.bookId);
        return book ? [{ book, source: pick.source }] : [];
      }),
    };
  }

  /** Everyone listed, as the curation screen edits them, titles in `language`. */
  async adminList(language: Language): Promise<AdminPerson[]> {
    const records = await listPeopleRecords(this.deps.db);
    return this.adminViews(records, language);
  }

  /** 409 CONFLICT when a listed person has the slug; 404 for a pick of no catalogue book. */
  async create(input: PersonCreate, adminId: string, language: Language): Promise<AdminPerson> {
    const { slug, ...edit } = input;
    const record = await createPerson(this.deps.db, slug, await this.content(edit), adminId);
    if (!record) throw new AppError('CONFLICT', 409);
    return this.adminView(record, language);
  }

  /** 404 for no such person, or a pick of no catalogue book. */
  async update(slug: string, edit: PersonEdit, adminId: string, language: Language): Promise<AdminPerson> {
    const record = await updatePerson(this.deps.db, slug, await this.content(edit), adminId);
    if (!record) throw new AppError('NOT_FOUND', 404);
    return this.adminView(record, language);
  }

  /** 404 for no such person. */
  async remove(slug: string, adminId: string): Promise<void> {
    if (!(await removePerson(this.deps.db, slug, adminId))) throw new AppError('NOT_FOUND', 404);
  }

  /** An admin's edit as stored content; every pick must name a catalogue book. */
  private async content(edit: PersonEdit): Promise<PersonContent> {
    const unknown = await unknownBooks(
      this.deps.db,
      edit.picks.map((pick) => pick.bookId),
    );
    if (unknown.length > 0) throw new AppError('NOT_FOUND', 404);
    return edit;
  }

  private async adminView(record: PersonRecord, language: Language): Promise<AdminPerson> {
    const [view] = await this.adminViews([record], language);
    if (!view) throw new Error('a person has no admin view');
    return view;
  }

  private async adminViews(records: readonly PersonRecord[], language: Language): Promise<AdminPerson[]> {
    const books = await this.deps.books.listed(
      records.flatMap((record) => record.picks.map((pick) => pick.bookId)),
      language,
    );
    return records.map((record) => ({
      slug: record.slug,
      name: record.name,
      initials: initialsOf(record.name),
      field: record.field,
      country: record.country,
      bio: record.bio,
      origin: record.origin,
      updatedAt: record.updatedAt.toISOString(),
      picks: record.picks.flatMap((pick) => {
        const book = books.get(pick.bookId);
        return book
          ? [
              {
                book: { id: book.id, title: book.title, author: book.author, cover_url: book.cover_url },
                source: pick.source,
              },
            ]
          : [];
      }),
    }));
  }
}
