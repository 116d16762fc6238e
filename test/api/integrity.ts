// What a refused request must leave untouched, and what the server says about it: the row count
// of every table, and the log lines of an app that keeps them.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../server/db/schema';
import { buildApp, loggerOptions } from '../../server/app';
import type { OpenDatabase } from '../../server/db/database';
import { testConfig } from './helper';

const tables = Object.values(schema).filter((value) => is(value, PgTable));

/** The number of rows in every table of the schema, by table name, in one statement. */
export async function rowCounts(database: OpenDatabase): Promise<Record<string, number>> {
  const [counts] = await database.db
    .select(
      Object.fromEntries(
        tables.map((table) => [
          getTableName(table),
          sql`(select count(*) from ${table})`.mapWith(Number),
        ]),
      ),
    )
    .from(sql`(select 1) as one`);
  return counts ?? {};
}

export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

/** pino's level of `error`: a line at or above it is a server fault an operator would chase. */
export const ERROR_LEVEL = 50;

/** The real app over `database`, logging at info (as in production) into `lines`. */
export async function buildLoggedApp(
  database: OpenDatabase,
): Promise<{ app: FastifyInstance; lines: LogLine[]; errors: () => LogLine[] }> {
  const lines: LogLine[] = [];
  const config = testConfig();
  const base = loggerOptions(config);
  const app = await buildApp({
    config,
    db: database,
    logger: {
      ...(typeof base === 'object' ? base : {}),
      level: 'info',
      stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
    },
    clientDir: '/nonexistent-client-dir',
    scheduleDraws: false,
  });
  await app.ready();
  return { app, lines, errors: () => lines.filter((line) => line.level >= ERROR_LEVEL) };
}

/**
 * The books balance (`ops audit`): every ticket, coupon, bonus and payout traces to what earned
 * it, and nothing of a deleted player remains. Race tests end with it; it names every row that
 * does not balance.
 */
export async function expectBooksBalance(
  app: FastifyInstance,
  options: { about?: readonly string[] } = {},
): Promise<void> {
  const report = await app.services.audit.run();
  // In a file whose other tests write fixtures straight into the tables, only the rows of the
  // test's own race are its to vouch for.
  const { about } = options;
  const findings = about
    ? report.findings.filter((finding) => about.some((id) => finding.ref.includes(id)))
    : report.findings;
  expect(findings).toEqual([]);
  // Every check ran.
  expect(report.checks.length).toBeGreaterThanOrEqual(10);
}
