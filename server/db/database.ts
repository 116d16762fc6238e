// One typed query layer over either engine: PGlite in DATA_DIR (embedded default) or
// PostgreSQL through node-postgres when DATABASE_URL is set. Repositories see only `Database`.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

export interface OpenDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies every migration not yet applied, with the migrator of the matching driver. */
  migrate(): Promise<void>;
  /** Answers when the database can run a query (the health check). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  { kind: 'pglite'; dataDir?: string } | { kind: 'postgres'; url: string; maxConnections?: number };

/** Where the configuration says data lives: PostgreSQL when DATABASE_URL is set, else PGlite. */
export function databaseTarget(config: {
  DATABASE_URL?: string;
  DATA_DIR: string;
}): DatabaseTarget {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: join(config.DATA_DIR, 'pgdata') };
}

export async function openDatabase(target: DatabaseTarget): Promise<OpenDatabase> {
  let closed = false;
  if (target.kind === 'pglite') {
    if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
    const client = await PGlite.create(target.dataDir ? { dataDir: target.dataDir } : {});
    const db = drizzlePglite({ client, schema });
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder }),
      ping: () => ping(db, () => closed),
      close: async () => {
        if (closed) return;
        closed = true;
        await client.close();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.maxConnections ?? 10,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client losing its connection must not take the process down; the next query
  // gets a fresh connection.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    ping: () => ping(db, () => closed),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function ping(db: Database, isClosed: () => boolean): Promise<boolean> {
  if (isClosed()) return false;
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
