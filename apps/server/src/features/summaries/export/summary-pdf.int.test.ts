import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  translations,
  type ErrorResponse,
  type GenerateSummaryResponse,
  type Language,
  type Summary,
} from '@summa/shared';
import { bookSummaries, books, userSubscriptions } from '../../../db/schema/index.js';
import { startFakeCoverServer, type FakeCoverServer } from '../../../test/fake-cover-server.js';
import { startFakeLlmServer, type FakeLlmServer } from '../../../test/fake-llm-server.js';
import { bookResponder } from '../../../test/summary-responder.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../../test/test-app.js';
import { bearer, signUpTestUser, type TestUser } from '../../../test/test-users.js';

const run = promisify(execFile);

/** The text of a PDF as poppler's pdftotext reads it (poppler-utils; CI installs it), one space per gap. */
async function pdfText(pdf: Buffer, directory: string): Promise<string> {
  const file = path.join(directory, `${randomUUID()}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
  return stdout.replace(/\s+/g, ' ');
}

/** The page count the document's page tree declares, and its page objects counted. */
function pageCounts(pdf: Buffer): { declared: number; objects: number } {
  const text = pdf.toString('latin1');
  const declared = Number(/\/Type \/Pages\s*\/Count (\d+)/.exec(text)?.[1] ?? Number.NaN);
  return { declared, objects: text.match(/\/Type \/Page\b(?!s)/g)?.length ?? 0 };
}

describe.each(TEST_DATABASES)('the PDF export on %s', (kind) => {
  let fake: FakeLlmServer;
  let covers: FakeCoverServer;
  let context: TestContext;
  let scratch: string;

  beforeAll(async () => {
    fake = await startFakeLlmServer();
    fake.respondWith(bookResponder());
    covers = await startFakeCoverServer();
    scratch = await mkdtemp(path.join(tmpdir(), 'summa-pdf-'));
    context = await createTestApp(kind, {
      env: {
        LLM_BASE_URL: fake.baseUrl,
        LLM_MODEL: 'fake-model',
        STORAGE_DIR: path.join(scratch, 'storage'),
      },
    });
  });
  afterAll(async () => {
    await context.close();
    await fake.close();
    await covers.close();
    await rm(scratch, { recursive: true, force: true });
  });

  const makePremium = (user: TestUser) =>
    context.database.db
      .update(userSubscriptions)
      .set({ plan: 'premium' })
      .where(eq(userSubscriptions.userId, user.session.user.id));

  async function generate(user: TestUser, bookTitle: string, language: Language): Promise<Summary> {
    const generated = await context.app.inject({
      method: 'POST',
      url: '/api/summaries',
      headers: bearer(user.session),
      payload: { bookTitle, bookAuthor: 'Autora de Teste', language },
    });
    expect(generated.statusCode).toBe(200);
    const { summaryId } = generated.json<GenerateSummaryResponse>();
    const read = await context.app.inject({
      method: 'GET',
      url: `/api/summaries/${summaryId}`,
      headers: bearer(user.session),
    });
    return read.json<Summary>();
  }

  const download = (summaryId: string, user?: TestUser, language = 'pt') =>
    context.app.inject({
      method: 'GET',
      url: `/api/summaries/${summaryId}/pdf`,
      headers: { ...(user ? bearer(user.session) : {}), 'accept-language': language },
    });

  /** Links the summary to a catalogue book whose cover is at `coverUrl`. */
  async function giveCover(summaryId: string, coverUrl: string): Promise<void> {
    const [book] = await context.database.db
      .insert(books)
      .values({
        slug: `cover-${randomUUID()}`,
        title: 'Covered Book',
        titlePt: 'Livro com Capa',
        originalLanguage: 'pt',
        author: 'Autora de Teste',
        category: 'habits',
        coverUrl,
      })
      .returning({ id: books.id });
    await context.database.db
      .update(bookSummaries)
      .set({ bookId: book?.id ?? null })
      .where(eq(bookSummaries.id, summaryId));
  }

  it('asks for a session', async () => {
    const reader = await signUpTestUser(context.app);
    const summary = await generate(reader, 'Sessão Obrigatória', 'pt');
    const response = await download(summary.id);
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorResponse>().error.code).toBe('UNAUTHORIZED');
  });

  it('refuses a free reader with PREMIUM_REQUIRED, in the reader’s language', async () => {
    const reader = await signUpTestUser(context.app);
    const summary = await generate(reader, 'Plano Gratuito', 'pt');
    const response = await download(summary.id, reader, 'es');
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json<ErrorResponse>().error).toEqual({
      code: 'PREMIUM_REQUIRED',
      message: translations.es.errors.PREMIUM_REQUIRED,
    });
  });

  it('answers 404 to a Premium reader for a summary that does not exist', async () => {
    const reader = await signUpTestUser(context.app);
    await makePremium(reader);
    for (const id of [randomUUID(), 'not-a-summary']) {
      const response = await download(id, reader);
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorResponse>().error.code).toBe('NOT_FOUND');
    }
  });

  it('sends a Premium reader every section as a PDF named after the book, with accents intact', async () => {
    const reader = await signUpTestUser(context.app);
    const summary = await generate(reader, 'Ação e Reação', 'pt');
    await makePremium(reader);
    const response = await download(summary.id, reader, 'en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      "attachment; filename=acao-e-reacao.pdf; filename*=UTF-8''A%C3%A7%C3%A3o%20e%20Rea%C3%A7%C3%A3o.pdf",
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const pages = pageCounts(pdf);
    expect(pages.declared).toBeGreaterThanOrEqual(2);
    expect(pages.objects).toBe(pages.declared);

    const text = await pdfText(pdf, scratch);
    const content = summary.content;
    if (content.kind !== 'nonfiction') throw new Error('expected a non-fiction summary');
    expect(text).toContain('Ação e Reação');
    expect(text).toContain('Autora de Teste');
    expect(text).toContain(content.oneLiner);
    expect(text).toContain(content.keyIdeas[4]?.explanation);
    expect(text).toContain(content.sevenDayPlan[6]?.tasks[0]);
    expect(text).toContain(content.closing);
    // The summary's language, not the reader's Accept-Language, names the sections and pages.
    for (const heading of Object.values(translations.pt.summary.sections).slice(0, 8)) {
      expect(text).toContain(heading);
    }
    expect(text).toContain('Dia 7: ');
    expect(text).toContain(`Página 1 de ${pages.declared}`);
    expect(text).toContain(`Página ${pages.declared} de ${pages.declared}`);
    expect(text).toContain('Summa');
    expect(text).not.toContain('In one sentence');
  });

  it('exports the fiction sections, in Spanish for a Spanish summary', async () => {
    const reader = await signUpTestUser(context.app);
    await makePremium(reader);
    const summary = await generate(reader, 'novel-La Canción del Niño', 'es');
    const response = await download(summary.id, reader);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload, scratch);
    const content = summary.content;
    if (content.kind !== 'fiction') throw new Error('expected a fiction summary');
    for (const heading of ['En una frase', 'Sinopsis', 'Temas', 'Personajes', 'Estilo de escritura']) {
      expect(text).toContain(heading);
    }
    expect(text).toContain(content.synopsis);
    expect(text).toContain(content.characters[1]?.description);
    expect(text).toContain(content.recommendedFor);
    expect(text).toMatch(/Página 1 de \d/);
  });

  it('prints the book’s cover when its host answers, and goes on without it when not', async () => {
    const reader = await signUpTestUser(context.app);
    await makePremium(reader);
    const withCover = await generate(reader, 'Capa Presente', 'pt');
    const coverUrl = `${covers.origin}/cover.png?book=${randomUUID()}`;
    await giveCover(withCover.id, coverUrl);
    const before = covers.requests.length;
    const covered = await download(withCover.id, reader);
    expect(covered.statusCode).toBe(200);
    expect(covered.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
    expect(covers.requests.length - before).toBe(1);

    const withoutCover = await generate(reader, 'Capa Ausente', 'pt');
    await giveCover(withoutCover.id, `${covers.origin}/missing`);
    const uncovered = await download(withoutCover.id, reader);
    expect(uncovered.statusCode).toBe(200);
    expect(uncovered.rawPayload.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
    expect(await pdfText(uncovered.rawPayload, scratch)).toContain('Capa Ausente');
  });

  it('prints a cover the app stored from the storage, asking no host', async () => {
    const reader = await signUpTestUser(context.app);
    await makePremium(reader);
    const summary = await generate(reader, 'Capa Guardada', 'pt');
    // As the cover sweep stores one (features/catalog/covers): named by its content.
    const image = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#2a53b4' } })
      .png()
      .toBuffer();
    const sha256 = createHash('sha256').update(image).digest('hex');
    await context.app.storage.put(`covers/${sha256.slice(0, 2)}/${sha256}.png`, image, {
      contentType: 'image/png',
    });
    await giveCover(summary.id, `/api/covers/${sha256}.png`);
    const before = covers.requests.length;
    const response = await download(summary.id, reader);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
    expect(covers.requests.length).toBe(before);
  });

  it('documents the route in the OpenAPI document as a PDF download', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    const operation = response.json<{
      paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, unknown> }> } }>;
    }>().paths['/api/summaries/{id}/pdf']?.get;
    expect(operation?.responses['200']?.content?.['application/pdf']).toEqual({
      schema: { type: 'string', format: 'binary' },
    });
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['401', '403', '404']));
  });
});
