// LISTEN on PostgreSQL: one connection per server instance carries every channel it hears;
// a channel no longer heard is let go, and the connection closes once none is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { LISTEN_APPLICATION_NAME, type OpenDatabase } from '../../server/db/database';
import { openTestDatabase } from './helper';

async function until(what: string, holds: () => Promise<boolean> | boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)('listening on PostgreSQL', () => {
  let database: OpenDatabase;
  let admin: pg.Client;
  let databaseName: string;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const { rows } = await database.runPrepared<{ name: string }>(
      'current_database',
      sql`select current_database() as name`,
    );
    databaseName = rows[0]?.name ?? '';
  });
  afterAll(async () => {
    await admin.end();
    await database.close();
  });

  /** This database's listening connections. */
  const listeners = async () =>
    (
      await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1 and application_name = $2',
        [databaseName, LISTEN_APPLICATION_NAME],
      )
    ).rows;

  it('hears every channel on one connection, and lets each go on its own', async () => {
    const heard: string[] = [];
    const stopA = await database.listen('listener_a', { message: (p) => heard.push(`a:${p}`) });
    const stopB = await database.listen('listener_b', { message: (p) => heard.push(`b:${p}`) });
    expect(await listeners()).toHaveLength(1);

    await database.notify('listener_a', '1');
    await database.notify('listener_b', '2');
    await until('both messages', () => heard.length === 2);
    expect(heard.sort()).toEqual(['a:1', 'b:2']);

    await stopA();
    await database.notify('listener_a', '3');
    await database.notify('listener_b', '4');
    await until('the second message of b', () => heard.includes('b:4'));
    expect(heard).not.toContain('a:3');
    expect(await listeners()).toHaveLength(1);

    await stopB();
    await until('the connection to close', async () => (await listeners()).length === 0);
  });

  it('listens again on every channel after its connection is lost, and says so', async () => {
    const heard: string[] = [];
    let resumed = 0;
    const handlers = (name: string) => ({
      message: (payload: string) => heard.push(`${name}:${payload}`),
      resumed: () => (resumed += 1),
    });
    const stops = [
      await database.listen('listener_c', handlers('c')),
      await database.listen('listener_d', handlers('d')),
    ];
    const [lost] = await listeners();
    await admin.query('select pg_terminate_backend($1)', [lost!.pid]);
    await until('both listeners to resume', () => resumed === 2);
    await database.notify('listener_c', 'back');
    await database.notify('listener_d', 'back');
    await until('both messages', () => heard.length === 2);
    expect(heard.sort()).toEqual(['c:back', 'd:back']);
    for (const stop of stops) await stop();
  });

  it('refuses a channel name that is not one', async () => {
    await expect(
      database.listen('no; drop table users', { message: () => undefined }),
    ).rejects.toThrow('not a channel name');
  });
});
