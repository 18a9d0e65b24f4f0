import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseKind } from '../db/database.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    databaseKind: DatabaseKind;
  }
}

/** Exposes the database to routes; its owner (main or a test) opens and closes it. */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: { db: Database; kind: DatabaseKind }) => {
    app.decorate('db', options.db);
    app.decorate('databaseKind', options.kind);
  },
);
