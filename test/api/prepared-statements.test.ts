// The busy statements run prepared on both databases (runPrepared): PostgreSQL keeps them per
// connection; embedded, they are PREPAREd once and EXECUTEd with their values written in as
// literals. Either way a statement answers what a plain execute would, whatever the values
// hold, and a failure names the statement with its values apart (which the logs leave out).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sqlLiteral } from '../../server/db/database';
import { redactedErrorSerializer } from '../../server/logging';
import { databases, useDatabase } from './helper';

describe('values written as literals', () => {
  it('quotes text, arrays, nulls and dates as PostgreSQL reads them', () => {
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(undefined)).toBe('NULL');
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral(42)).toBe("'42'");
    expect(sqlLiteral(false)).toBe("'false'");
    expect(sqlLiteral(new Date('2026-11-25T00:00:00.000Z'))).toBe("'2026-11-25T00:00:00.000Z'");
    expect(sqlLiteral(['a', null, 'b"c', 'd\\e', "f'g"])).toBe(
      `'{"a",NULL,"b\\"c","d\\\\e","f''g"}'`,
    );
    expect(sqlLiteral([])).toBe("'{}'");
  });
});

describe.each(databases)('prepared statements on %s', (kind) => {
  const database = useDatabase(kind);
  const tricky = ["it's", 'back\\slash', 'quote"d', 'comma,brace}{', '', 'ünï cödé 🎉', 'NULL'];

  it('answers as a plain execute does, run after run, whatever the values hold', async () => {
    const query = (
      texts: (string | null)[],
      flags: (boolean | null)[],
      n: number,
      at: string,
    ) => sql`
      select t.text, t.flag, t.n::int as n, ${n}::int as given, ${at}::timestamptz = ${at}::timestamptz as same
      from unnest(${sql.param(texts)}::text[], ${sql.param(flags)}::boolean[])
        with ordinality as t(text, flag, n)
      order by t.n`;
    const texts = [...tricky, null];
    const flags = texts.map((_, i) => (i % 3 === 2 ? null : i % 2 === 0));
    const at = new Date().toISOString();
    const plain = await database().db.execute<Record<string, unknown>>(query(texts, flags, 7, at));
    for (let run = 0; run < 7; run += 1) {
      // Enough runs for PostgreSQL to settle on a plan of its own for the statement.
      const prepared = await database().runPrepared(
        'test_tricky_values',
        query(texts, flags, 7, at),
      );
      expect(prepared.rows).toEqual((plain as { rows: unknown[] }).rows);
    }
    const other = await database().runPrepared('test_tricky_values', query(['x'], [true], 8, at));
    expect(other.rows).toEqual([{ text: 'x', flag: true, n: 1, given: 8, same: true }]);
  });

  it('fails without writing its values into the error, and the log keeps none', async () => {
    const failing = (value: string, divisor: number) =>
      sql`select ${value}::text as v, 1 / ${divisor}::int as n`;
    await database().runPrepared('test_failing', failing('fine', 1));
    const error = await database()
      .runPrepared('test_failing', failing('secret-value', 0))
      .then(
        () => null,
        (caught: unknown) => caught as Error & { query?: string },
      );
    expect(error).toBeInstanceOf(Error);
    expect(error?.query ?? '').not.toContain('secret-value');
    expect(JSON.stringify(redactedErrorSerializer(error!))).not.toContain('secret-value');
    // The statement still runs after a failure.
    expect((await database().runPrepared('test_failing', failing('again', 2))).rows).toEqual([
      { v: 'again', n: 0 },
    ]);
  });
});
