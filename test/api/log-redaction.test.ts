// Logs never contain a full phone number or a code (DESIGN 4), not even when a query that was
// given one fails: the run's whole log is captured and searched.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../server/app';
import type { OpenDatabase } from '../../server/db/database';
import {
  campaignCode,
  databases,
  nextPhone,
  register,
  testConfig,
  url,
  useDatabase,
} from './helper';

/** The app with the server's own logger options, at info, writing into a string. */
async function appWithCapturedLog(database: OpenDatabase) {
  let log = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  const config = testConfig({ LOG_LEVEL: 'info' });
  const options = loggerOptions(config);
  const app = await buildApp({
    config,
    db: database,
    logger: { ...(typeof options === 'object' ? options : {}), stream },
    clientDir: '/nonexistent-client-dir',
    scheduleDraws: false,
  });
  await app.ready();
  return { app, log: () => log };
}

/** Makes inserts into `table` fail (those `when` picks), as a broken disk or migration would. */
async function breakInserts(database: OpenDatabase, table: string, when = 'true') {
  await database.db.execute(
    sql.raw(`create or replace function injected_failure() returns trigger language plpgsql as
      $$ begin raise exception 'injected failure'; end $$`),
  );
  await database.db.execute(
    sql.raw(`create trigger injected_failure before insert on ${table}
      for each row when (${when}) execute function injected_failure()`),
  );
}

async function repairInserts(database: OpenDatabase, table: string) {
  await database.db.execute(sql.raw(`drop trigger injected_failure on ${table}`));
}

describe.each(databases)('logs on %s', (kind) => {
  const database = useDatabase(kind);

  it('a registration whose insert fails logs the error without the phone number', async () => {
    const { app, log } = await appWithCapturedLog(database());
    const code = await campaignCode(app);
    const phone = nextPhone();
    await breakInserts(database(), 'users');
    try {
      const response = await register(app, phone, code);
      expect(response.statusCode).toBe(500);
    } finally {
      await repairInserts(database(), 'users');
      await app.close();
    }
    const national = phone.slice(1);
    // The failure is logged, with its query and the database's reason...
    expect(log()).toContain('params: [redacted]: injected failure');
    expect(log()).toContain('insert into \\"users\\"');
    expect(log()).toContain('params: [redacted]');
    // ...but nowhere the number: not in the message, the stack, the causes or a params field.
    expect(log()).not.toContain(national);
    expect(log()).not.toContain('"params"');
  });

  it('a code request whose limit counter fails logs neither the phone number nor the code', async () => {
    const { app, log } = await appWithCapturedLog(database());
    const phone = nextPhone();
    const created = await register(app, phone, await campaignCode(app));
    expect(created.statusCode).toBe(201);
    // The per-phone limit counts under a key that holds the number.
    await breakInserts(database(), 'rate_limits', `new.key like 'phone:%'`);
    try {
      const response = await app.inject({
        method: 'POST',
        url: url('users/request_code'),
        payload: { phone_number: phone },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await repairInserts(database(), 'rate_limits');
    }
    // A code that does go out afterwards is not logged either.
    const sent = await app.inject({
      method: 'POST',
      url: url('users/request_code'),
      payload: { phone_number: phone },
    });
    await app.close();
    const { otp } = sent.json<{ otp: string }>();
    expect(otp).toMatch(/^\d{4}$/);
    expect(log()).toContain('params: [redacted]: injected failure');
    expect(log()).not.toContain(phone.slice(1));
    expect(log()).not.toContain('"otp"');
    // The code as a value in any string (masked phones, which keep four digits, aside).
    const withoutMaskedPhones = log().replace(/\+1\*+\d{4}/g, '');
    expect(withoutMaskedPhones).not.toMatch(new RegExp(`"[^"]*(?<!\\d)${otp}(?!\\d)[^"]*"`));
  });
});
