// One typed query layer over either engine: PGlite in DATA_DIR (embedded default) or
// PostgreSQL through node-postgres when DATABASE_URL is set. Repositories see only `Database`.
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DrizzleQueryError, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createPostgresListener } from './postgres-listener';
import * as schema from './schema';
import { packagePath } from '../package-root';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

const dialect = new PgDialect();

/**
 * Runs `query` as the named prepared statement `name`, for the busiest statements: PostgreSQL
 * parses and plans it once per connection instead of on every call (for the press, planning
 * cost more than running). `query` must render the same text on every call (values only as
 * parameters). Answers `{ rows }` as `db.execute` does.
 */
export type RunPrepared = <Row>(name: string, query: SQL) => Promise<{ rows: Row[] }>;

/** Without a prepared-statement cache: plain execute (planned on every call). */
export function runUnprepared(db: Database): RunPrepared {
  return async <Row>(_name: string, query: SQL) => {
    const result: unknown = await db.execute(query);
    return { rows: (result as { rows: Row[] }).rows };
  };
}

/** `value` as an SQL literal, as node-postgres would send it as a parameter's text. */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = Array.isArray(value) ? arrayLiteral(value) : literalText(value);
  return `'${text.replaceAll("'", "''")}'`;
}

function literalText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return value.toString();
  }
  return JSON.stringify(value);
}

function arrayLiteral(values: readonly unknown[]): string {
  const element = (value: unknown): string => {
    if (value === null || value === undefined) return 'NULL';
    if (Array.isArray(value)) return arrayLiteral(value);
    return `"${literalText(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  };
  return `{${values.map(element).join(',')}}`;
}

/**
 * PGlite keeps no named statements of the wire protocol, so the busy statements are kept with
 * SQL's PREPARE (once per name) and run with EXECUTE, their values written in as literals
 * (parsing that is cheap; planning a large statement on every call cost more than running it).
 * A failure reads as one of `db.execute`: the statement's text with its values apart, as
 * `params` (which the logs leave out).
 */
function runPreparedOnPglite(client: PGlite, db: Database): RunPrepared {
  const prepared = new Map<string, Promise<unknown>>();
  return async <Row>(name: string, query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    let ready = prepared.get(name);
    if (!ready) {
      ready = client.exec(`prepare ${name} as ${text}`);
      prepared.set(name, ready);
      ready.catch(() => prepared.delete(name));
    }
    try {
      await ready;
      const args = params.length > 0 ? `(${params.map(sqlLiteral).join(', ')})` : '';
      const result: unknown = await db.execute(sql.raw(`execute ${name}${args}`));
      return { rows: (result as { rows: Row[] }).rows };
    } catch (error) {
      const cause = error instanceof DrizzleQueryError ? error.cause : error;
      if (cause instanceof Error && 'query' in cause) (cause as { query: unknown }).query = text;
      throw new DrizzleQueryError(text, params, cause instanceof Error ? cause : undefined);
    }
  };
}

const migrationsFolder = packagePath('server', 'migrations');

export interface OpenDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies every migration not yet applied, with the migrator of the matching driver. */
  migrate(): Promise<void>;
  /** Runs a busy statement prepared once per connection (embedded: with SQL's PREPARE). */
  runPrepared: RunPrepared;
  /** Answers when the database can run a query (runs one). */
  ping(): Promise<boolean>;
  /** What the server knows of the database's reachability, without asking it (GET health). */
  reachability: Reachability;
  /**
   * Delivers `payload` to every listener of `channel` on every process sharing the database:
   * PostgreSQL NOTIFY, or in process when embedded (one process owns a PGlite data dir).
   */
  notify(channel: string, payload: string): Promise<void>;
  /** Listens on `channel` until the returned function is called. */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  message(payload: string): void;
  /** After a lost connection came back: notifications in between may be missing. */
  resumed?(): void;
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

/** The application_name of the server's connections, so an operator can tell them apart. */
export const APPLICATION_NAME = 'black-button';
/** The application_name of the connection that holds LISTEN. */
export const LISTEN_APPLICATION_NAME = 'black-button-listen';

const PROBE_INTERVAL_MS = 250;

// pg's own connection failures: messages without a code (pg/lib/client.js, pg-pool).
const LOST_CONNECTION =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed/;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
// SQLSTATEs of a server going away or not yet taking work: admin_shutdown, crash_shutdown,
// cannot_connect_now, too_many_connections; class 08 is connection_exception.
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * Whether `error` (or one of its causes: drizzle wraps the driver's error) says the database
 * could not be reached, as opposed to a query it refused.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08')) {
        return true;
      }
    }
    if (LOST_CONNECTION.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * Whether the database can be reached, kept from what the server sees rather than asked on
 * every health check: a connection failure marks it suspect, a probe confirms, and while it is
 * down a light probe runs every PROBE_INTERVAL_MS until one succeeds (or a new connection
 * opens), so service resumes within a second of the database coming back.
 */
export class Reachability {
  private reachable = true;
  private stopped = false;
  private probing = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly probe: () => Promise<unknown>) {}

  isReachable(): boolean {
    return this.reachable && !this.stopped;
  }

  /** Records a failure; answers true when it means the database could not be reached. */
  observe(error: unknown): boolean {
    if (!isDatabaseUnreachable(error)) return false;
    this.check();
    return true;
  }

  /** A connection may be lost: probe now, and mark the database down if the probe fails. */
  check(): void {
    if (this.stopped || this.probing) return;
    this.probing = true;
    this.probe().then(
      () => {
        this.probing = false;
        this.markUp();
      },
      () => {
        this.probing = false;
        this.markDown();
      },
    );
  }

  markUp(): void {
    this.reachable = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private markDown(): void {
    if (this.stopped) return;
    this.reachable = false;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.check();
    }, PROBE_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}

export async function openDatabase(target: DatabaseTarget): Promise<OpenDatabase> {
  let closed = false;
  if (target.kind === 'pglite') {
    if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
    const client = await PGlite.create(target.dataDir ? { dataDir: target.dataDir } : {});
    const db = drizzlePglite({ client, schema });
    const local = new EventEmitter().setMaxListeners(0);
    // In process: reachable from open to close, nothing to probe.
    const reachability = new Reachability(() =>
      closed ? Promise.reject(new Error('PGlite is closed')) : Promise.resolve(),
    );
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder }),
      runPrepared: runPreparedOnPglite(client, db),
      ping: () => ping(db, () => closed),
      reachability,
      notify: (channel, payload) => {
        local.emit(channel, payload);
        return Promise.resolve();
      },
      listen: (channel, handlers) => {
        const deliver = (payload: string) => handlers.message(payload);
        local.on(channel, deliver);
        return Promise.resolve(() => {
          local.off(channel, deliver);
          return Promise.resolve();
        });
      },
      close: async () => {
        if (closed) return;
        closed = true;
        reachability.stop();
        await client.close();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.maxConnections ?? 10,
    connectionTimeoutMillis: 5_000,
    application_name: APPLICATION_NAME,
  });
  const reachability = new Reachability(() => pool.query('select 1'));
  // A client emits 'error' when its connection is lost. The pool listens only while the client
  // is idle; checked out (inside a transaction, say) an unheard 'error' would end the process.
  // So every client gets a listener of its own for life: the query it was running fails on
  // its own, the pool drops the client, and the next query gets a fresh connection.
  pool.on('connect', (client) => {
    reachability.markUp();
    client.on('error', (error) => reachability.observe(error));
  });
  pool.on('error', (error) => reachability.observe(error));
  const db = drizzlePg({ client: pool, schema });
  const listener = createPostgresListener(target.url, LISTEN_APPLICATION_NAME, {
    // The one connection always open: its loss is the first sign of an outage.
    lost: () => reachability.check(),
    resumed: () => reachability.markUp(),
  });
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    // node-postgres keeps a statement named in the query config prepared on each connection.
    runPrepared: async <Row>(name: string, query: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      const result = await pool.query({ name, text, values: params });
      return { rows: result.rows as Row[] };
    },
    ping: () => ping(db, () => closed),
    reachability,
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listen: (channel, handlers) => listener.listen(channel, handlers),
    close: async () => {
      if (closed) return;
      closed = true;
      reachability.stop();
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
