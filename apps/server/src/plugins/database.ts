import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseKind } from '../db/database.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    databaseKind: DatabaseKind;
    /** Whether the database answers within a second at most (readiness). */
    pingDatabase: () => Promise<boolean>;
  }
}

/** Exposes the database to routes; its owner (main or a test) opens and closes it. */
export const databasePlugin = fp(
  async (
    app: FastifyInstance,
    options: { db: Database; kind: DatabaseKind; ping: () => Promise<boolean> },
  ) => {
    app.decorate('db', options.db);
    app.decorate('databaseKind', options.kind);
    app.decorate('pingDatabase', options.ping);
  },
);
