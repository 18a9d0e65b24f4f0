import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { startFakeLlmServer } from '../../apps/server/src/test/fake-llm-server.js';
import { bookResponder } from '../../apps/server/src/test/summary-responder.js';
import { ADMIN_EMAIL, AMAZON_TAG, CONTACT_TO, createAdminAccount } from './accounts.js';
import { startOidcServer } from './oidc-server.js';
import { freePort, startServer, type RunningServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** Folder where every e-mail the server sends lands, one .eml file each. */
    mailDir: string;
  }
}

/**
 * A local SMTP server (the production mail option, faked at the network boundary) that writes
 * each message it receives to `mailDir`, so that specs can follow e-mailed links.
 */
async function startMailServer(mailDir: string): Promise<{ port: number; close: () => Promise<void> }> {
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        const file = path.join(mailDir, `${Date.now()}-${received}.eml`);
        writeFile(file, Buffer.concat(chunks)).then(
          () => callback(),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(port, '127.0.0.1', () => resolve());
  });
  return { port, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/** The built server (support/server.ts) with a local mail server, model and Google stand-in. */
export default async function setup(project: TestProject) {
  const mailDir = await mkdtemp(path.join(tmpdir(), 'summa-e2e-mail-'));
  const mail = await startMailServer(mailDir);
  // The model, faked at the network boundary: answers follow the book in the prompt (see
  // summary-responder.ts: 'xyzzy' is unknown, 'fail-' fails, 'slow-' streams slowly).
  const google = await startOidcServer(project);
  const llm = await startFakeLlmServer({ responder: bookResponder({ chunkSize: 48, delayMs: 15 }) });
  const closeStandIns = async () => {
    await mail.close();
    await llm.close();
    await google.close();
  };
  let server: RunningServer;
  try {
    server = await startServer({
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      ADMIN_EMAILS: ADMIN_EMAIL,
      // The contact page's messages reach the team through the same local mail server.
      CONTACT_TO: CONTACT_TO,
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_TIMEOUT_MS: '5000',
      // Rankings read fresh: a journey checks a change it has just made, on boards other specs
      // may have read a moment before (the per-instance refresh is covered by integration tests).
      RANKING_REFRESH_MS: '0',
      // The specs generate faster than any reader would: no fair-use limits on the model or the voice here.
      GENERATION_LIMIT_PER_USER_PER_HOUR: '0',
      GENERATION_LIMIT_GLOBAL_PER_MINUTE: '0',
      AUDIO_LIMIT_PER_USER_PER_HOUR: '0',
      AUDIO_LIMIT_GLOBAL_PER_MINUTE: '0',
      // Store links on the summary page and the footer's affiliate disclosure (issue 23); the
      // server of gamification.e2e has none, for the case without them.
      AMAZON_ASSOCIATE_TAG: AMAZON_TAG,
      // Google sign-in against the local stand-in for Google (support/oidc-server.ts).
      ...google.env,
    });
  } catch (error) {
    await closeStandIns();
    throw error;
  }
  try {
    await createAdminAccount({ origin: server.origin, mailDir });
  } catch (error) {
    await server.stop();
    await closeStandIns();
    throw error;
  }
  project.provide('baseURL', server.origin);
  project.provide('mailDir', mailDir);

  return async () => {
    await server.stop();
    await closeStandIns();
    await rm(mailDir, { recursive: true, force: true });
  };
}
