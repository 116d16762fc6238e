// A migrated, empty PGlite data dir made once and copied for every test that needs a fresh
// embedded database. Creating a PGlite data dir runs initdb (4 to 8 s of CPU on these
// machines); opening a copy of a migrated one costs under a second. The copy is an ordinary
// data dir: the app, the server and the operator CLI open it and migrate it as they would a
// fresh one (no migration is left to apply), and it holds no rows.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../server/db/database';

const root = fileURLToPath(new URL('../..', import.meta.url));
const migrationsDir = join(root, 'server', 'migrations');

/** Memory-backed when the machine has it: the tests' databases are thrown away anyway. */
export function scratchDir(): string {
  const shm = '/dev/shm';
  return existsSync(shm) && statSync(shm).isDirectory() ? shm : tmpdir();
}

/** How the template is made (dropTemplateDatabases): a new way gives a new template. */
const TEMPLATE_SHAPE = 'postgres database only';

/** Names a template after what shapes it: the migrations, the PGlite version and the shape. */
export function templateKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(migrationsDir);
  hash.update(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json')));
  hash.update(TEMPLATE_SHAPE);
  return hash.digest('hex').slice(0, 16);
}

let made: Promise<string> | undefined;

/**
 * The template's pgdata, made on first use (by the first process to get there; the others use
 * it). A new migration or PGlite version gives a new template.
 */
export function pgliteTemplate(): Promise<string> {
  return (made ??= make());
}

function templateDir(): string {
  return join(scratchDir(), `bb-pglite-template-${templateKey()}`);
}

async function make(): Promise<string> {
  const final = templateDir();
  const pgdata = join(final, 'pgdata');
  if (existsSync(join(final, 'ready'))) return pgdata;
  const building = mkdtempSync(`${final}.building-`);
  const database = await openDatabase({ kind: 'pglite', dataDir: join(building, 'pgdata') });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  await dropTemplateDatabases(join(building, 'pgdata'));
  mkdirSync(join(building, 'ready'));
  try {
    renameSync(building, final);
  } catch {
    // Another process finished first: its template is the same.
    rmSync(building, { recursive: true, force: true });
  }
  return pgdata;
}

/**
 * Drops initdb's template0 and template1 from a data dir: the app, the server and the CLI use the
 * `postgres` database alone (nothing creates a database in PGlite), and the two are two thirds
 * of the files every copy writes and every removal unlinks (41 MB in 1,098 files become 26 MB).
 */
async function dropTemplateDatabases(pgdata: string): Promise<void> {
  const pglite = await PGlite.create({ dataDir: pgdata });
  try {
    // One statement at a time: DROP DATABASE runs outside a transaction block only.
    await pglite.exec(
      "update pg_database set datistemplate = false where datname in ('template0', 'template1')",
    );
    await pglite.exec('drop database template1');
    await pglite.exec('drop database template0');
    await pglite.exec('checkpoint');
  } finally {
    await pglite.close();
  }
}

/**
 * A new data dir (as DATA_DIR) whose database is a copy of the template, for a server or an
 * operator command to start on as on a fresh one. Needs the template made already: the api and
 * e2e projects make it in their global setup.
 */
export function dataDirWithDatabase(prefix: string): string {
  const template = templateDir();
  if (!existsSync(join(template, 'ready'))) {
    throw new Error('no PGlite template: run through vitest (test/support/template-setup.ts)');
  }
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(join(template, 'pgdata'), join(dataDir, 'pgdata'), { recursive: true });
  return dataDir;
}

/** Copies the template to `pgdata` (which must not exist yet), ready to open. */
export async function copyPgliteTemplate(pgdata: string): Promise<void> {
  cpSync(await pgliteTemplate(), pgdata, { recursive: true });
}

/** A fresh migrated data dir of its own in scratch space, and how to throw it away. */
export async function freshPgliteDir(): Promise<{ pgdata: string; remove: () => void }> {
  const dir = mkdtempSync(join(scratchDir(), 'bb-test-db-'));
  const pgdata = join(dir, 'pgdata');
  await copyPgliteTemplate(pgdata);
  return { pgdata, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
