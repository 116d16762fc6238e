// `questions list` and `coupons list` print the catalog through the one printer
// (server/ops/print.ts): a prompt, key, tag or brand that holds what a terminal acts on (an
// escape sequence, a bidi override, a line break) reaches the operator's terminal escaped, one
// row a line, whatever a catalog file carried.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { offers, questions } from '../../server/db/schema';
import { buildTestApp, databases, useDatabase } from '../api/helper';
import { opsOver } from './helper';

/** What a terminal would act on or hide, besides the line breaks and tabs the commands write. */
const RAW_UNPRINTABLE = /[^\P{Cc}\t\n]|[\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
/** Clears the screen, retitles the window, turns text around, breaks the line. */
const HOSTILE = '\u001b[2J\u001b]0;pwned\u0007\u202Eevil\u2028x\r\n\tdone\\u001b';
const ESCAPED =
  '\\u001b[2J\\u001b]0;pwned\\u0007\\u202eevil\\u2028x\\u000d\\u000a\\u0009done\\\\u001b';

describe.each(databases)('the catalog lists, printed safely (%s)', (kind) => {
  const database = useDatabase(kind);
  let app: FastifyInstance;
  let run: ReturnType<typeof opsOver>;

  beforeAll(async () => {
    app = await buildTestApp(database());
    run = opsOver(app.services);
    // Straight into the database: whatever a catalog file may carry now or later.
    await database()
      .db.insert(questions)
      .values({ key: `q-${HOSTILE}`, prompt: `Do you like ${HOSTILE}?`, tags: [HOSTILE] });
    await database()
      .db.insert(offers)
      .values({
        key: `o-${HOSTILE}`,
        couponType: `Brand ${HOSTILE}`,
        kind: 'coupon',
        valueCents: 500,
        image: '/images/rewards/coupon.svg',
        link: null,
        tags: [HOSTILE],
        code: 'SAFE-5',
        deliveryNote: null,
      });
  });

  /** The rows a list printed: its lines but the count at the end. */
  const rowsOf = (stdout: string) => stdout.trimEnd().split('\n').slice(0, -1);

  it('prints each question on one line, its key, tags and prompt escaped', async () => {
    const listed = await run('questions', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toMatch(RAW_UNPRINTABLE);
    const row = rowsOf(listed.stdout).find((line) => line.includes('pwned'));
    expect(row?.split('\t').slice(1)).toEqual([
      `q-${ESCAPED}`,
      `[${ESCAPED}]`,
      `Do you like ${ESCAPED}?`,
    ]);
    const [count] = await database()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(questions);
    expect(rowsOf(listed.stdout)).toHaveLength(count?.n ?? -1);
  });

  it('prints each offer on one line, its key, brand and tags escaped', async () => {
    const listed = await run('coupons', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toMatch(RAW_UNPRINTABLE);
    const row = rowsOf(listed.stdout).find((line) => line.includes('pwned'));
    expect(row?.split('\t').slice(1)).toEqual([
      `o-${ESCAPED}`,
      'coupon',
      `Brand ${ESCAPED}`,
      '$5.00',
      `[${ESCAPED}]`,
    ]);
    const [count] = await database()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(offers);
    expect(rowsOf(listed.stdout)).toHaveLength(count?.n ?? -1);
  });
});
