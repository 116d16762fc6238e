import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LoginResponse, RequestCodeResponse } from '../../contract/api';
import { oneTimeCodes, phoneGuards, users } from '../../server/db/schema';
import { BLOCK_MS, CODE_TTL_MS } from '../../server/services/sign-in';
import {
  bearer,
  buildTestApp,
  campaignCode,
  databases,
  detailOf,
  freshCode,
  nextPhone,
  register,
  requestCode,
  signedInPlayer,
  TestClock,
  url,
  useDatabase,
  verifyCode,
  wrongCode,
} from './helper';

describe.each(databases)('sign-in on %s', (kind) => {
  const database = useDatabase(kind);

  async function registered(app: Awaited<ReturnType<typeof buildTestApp>>) {
    const phone = nextPhone();
    expect((await register(app, phone, await campaignCode(app, 1))).statusCode).toBe(201);
    return phone;
  }

  async function userIdOf(phone: string) {
    const [row] = await database()
      .db.select()
      .from(users)
      .where(eq(users.phone, `+${phone}`));
    if (!row) throw new Error('no such player');
    return row.id;
  }

  let strangerCounter = 0;
  /** `count` wrong guesses in a row, each answered 401, each from an address of its own. */
  async function guessWrong(
    app: Awaited<ReturnType<typeof buildTestApp>>,
    phone: string,
    count: number,
  ) {
    for (let i = 0; i < count; i += 1) {
      strangerCounter += 1;
      const remoteAddress = `172.16.${strangerCounter >> 8}.${strangerCounter & 255}`;
      const response = await verifyCode(app, phone, '0000', { remoteAddress });
      expect(response.statusCode).toBe(401);
    }
  }

  describe('POST users/request_code', () => {
    it('sends a 4-digit code and, with no SMS provider, hands it back as otp', async () => {
      const app = await buildTestApp(database());
      const phone = await registered(app);
      const response = await requestCode(app, phone);
      expect(response.statusCode).toBe(200);
      const body = RequestCodeResponse.parse(response.json());
      expect(body.message).toBe('Code sent');
      expect(body.otp).toMatch(/^\d{4}$/);
    });

    it('stores only a salted hash of the code', async () => {
      const app = await buildTestApp(database());
      const phone = await registered(app);
      const otp = await freshCode(app, phone);
      const rows = await database()
        .db.select()
        .from(oneTimeCodes)
        .where(eq(oneTimeCodes.userId, await userIdOf(phone)));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(rows)).not.toContain(`"${otp}"`);
    });

    it('answers 404 "Not registered" for an unknown phone', async () => {
      const app = await buildTestApp(database());
      const response = await requestCode(app, nextPhone());
      expect(response.statusCode).toBe(404);
      expect(detailOf(response)).toBe('Not registered');
    });

    it.each([
      [{}, 'Phone number cannot be empty.'],
      [{ phone_number: '555' }, 'Must be a valid mobile number'],
      [{ phone_number: '12025550123', code: '1234' }, 'Unknown field: code'],
    ])('refuses %j with 422 "%s"', async (payload, detail) => {
      const app = await buildTestApp(database());
      const response = await app.inject({
        method: 'POST',
        url: url('users/request_code'),
        payload,
      });
      expect(response.statusCode).toBe(422);
      expect(detailOf(response)).toBe(detail);
    });
  });

  describe('POST users/verify_code', () => {
    it('signs in with the texted code: token, user and questionnaires_count', async () => {
      const app = await buildTestApp(database());
      const phone = await registered(app);
      const response = await verifyCode(app, phone, await freshCode(app, phone));
      expect(response.statusCode).toBe(200);
      const login = LoginResponse.parse(response.json());
      expect(login.user).toEqual({
        id: await userIdOf(phone),
        phone_number: phone,
        main_price: 500,
      });
      expect(login.questionnaires_count).toBe(0);
      const invites = await app.inject({
        method: 'GET',
        url: url('invites'),
        headers: bearer(login.token),
      });
      expect(invites.statusCode).toBe(200);
    });

    it('answers 401 "Invalid Code" for a wrong code', async () => {
      const app = await buildTestApp(database());
      const phone = await registered(app);
      const otp = await freshCode(app, phone);
      const response = await verifyCode(app, phone, wrongCode(otp));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        errors: [{ status: '401', code: 'unauthorized', detail: 'Invalid Code' }],
      });
    });

    it('answers 401 for a phone that is not registered', async () => {
      const app = await buildTestApp(database());
      const response = await verifyCode(app, nextPhone(), '1234');
      expect(response.statusCode).toBe(401);
      expect(detailOf(response)).toBe('Invalid Code');
    });

    it('accepts a code once only', async () => {
      const app = await buildTestApp(database());
      const phone = await registered(app);
      const otp = await freshCode(app, phone);
      expect((await verifyCode(app, phone, otp)).statusCode).toBe(200);
      const again = await verifyCode(app, phone, otp);
      expect(again.statusCode).toBe(401);
      expect(detailOf(again)).toBe('Invalid Code');
    });

    it('refuses a code after its 10 minutes', async () => {
      const clock = new TestClock();
      const app = await buildTestApp(database(), { clock });
      const phone = await registered(app);
      const otp = await freshCode(app, phone);
      clock.advance(CODE_TTL_MS + 1000);
      expect((await verifyCode(app, phone, otp)).statusCode).toBe(401);
    });

    it('accepts a code just before its 10 minutes end', async () => {
      const clock = new TestClock();
      const app = await buildTestApp(database(), { clock });
      const phone = await registered(app);
      const otp = await freshCode(app, phone);
      clock.advance(CODE_TTL_MS - 1000);
      expect((await verifyCode(app, phone, otp)).statusCode).toBe(200);
    });

    it('voids an older code when a new one is requested', async () => {
      const app = await buildTestApp(database());
      const phone = await registered(app);
      const first = await freshCode(app, phone);
      let second = await freshCode(app, phone);
      while (second === first) second = await freshCode(app, phone);
      expect((await verifyCode(app, phone, first)).statusCode).toBe(401);
      expect((await verifyCode(app, phone, second)).statusCode).toBe(200);
    });

    it('voids the code after 5 wrong tries, even for the right digits', async () => {
      const app = await buildTestApp(database());
      const phone = await registered(app);
      const otp = await freshCode(app, phone);
      for (let i = 0; i < 5; i += 1) {
        expect((await verifyCode(app, phone, wrongCode(otp))).statusCode).toBe(401);
      }
      expect((await verifyCode(app, phone, otp)).statusCode).toBe(401);
    });

    it('still accepts the code after 4 wrong tries, and a success resets the count', async () => {
      const app = await buildTestApp(database());
      const phone = await registered(app);
      const otp = await freshCode(app, phone);
      for (let i = 0; i < 4; i += 1) await verifyCode(app, phone, wrongCode(otp));
      expect((await verifyCode(app, phone, otp)).statusCode).toBe(200);
      const guards = await database()
        .db.select()
        .from(phoneGuards)
        .where(eq(phoneGuards.userId, await userIdOf(phone)));
      expect(guards).toEqual([]);
    });

    it('counts concurrent wrong guesses one by one', async () => {
      const app = await buildTestApp(database());
      const phone = await registered(app);
      const otp = await freshCode(app, phone);
      const guesses = await Promise.all(
        Array.from({ length: 8 }, () => verifyCode(app, phone, wrongCode(otp))),
      );
      expect(guesses.every((response) => response.statusCode === 401)).toBe(true);
      expect((await verifyCode(app, phone, otp)).statusCode).toBe(401);
      const [guard] = await database()
        .db.select()
        .from(phoneGuards)
        .where(eq(phoneGuards.userId, await userIdOf(phone)));
      expect(guard?.consecutiveFailures).toBe(9);
    });
  });

  describe('failures capped per phone', () => {
    it('sends no new code for an hour after 20 failures in a row', async () => {
      const clock = new TestClock();
      const app = await buildTestApp(database(), {
        clock,
        config: { CODE_LIMIT_PER_PHONE: '100' },
      });
      const phone = await registered(app);
      await freshCode(app, phone);
      await guessWrong(app, phone, 20);

      const blocked = await requestCode(app, phone);
      expect(blocked.statusCode).toBe(429);
      expect(detailOf(blocked)).toBe('Too many wrong codes. Please try again later.');
      expect(Number(blocked.headers['retry-after'])).toBe(BLOCK_MS / 1000);

      clock.advance(BLOCK_MS - 60_000);
      const stillBlocked = await requestCode(app, phone);
      expect(stillBlocked.statusCode).toBe(429);
      expect(Number(stillBlocked.headers['retry-after'])).toBe(60);

      clock.advance(61_000);
      const otp = await freshCode(app, phone);
      expect((await verifyCode(app, phone, otp)).statusCode).toBe(200);
    });

    it('does not block a phone whose failures were interrupted by a success', async () => {
      const app = await buildTestApp(database(), { config: { CODE_LIMIT_PER_PHONE: '100' } });
      const phone = await registered(app);
      await guessWrong(app, phone, 19);
      expect((await verifyCode(app, phone, await freshCode(app, phone))).statusCode).toBe(200);
      await guessWrong(app, phone, 19);
      expect((await requestCode(app, phone)).statusCode).toBe(200);
    });

    it('locks the phone after 100 failures until the operator unlocks it', async () => {
      const clock = new TestClock();
      const app = await buildTestApp(database(), {
        clock,
        config: { CODE_LIMIT_PER_PHONE: '100' },
      });
      const phone = await registered(app);
      await guessWrong(app, phone, 99);
      clock.advance(BLOCK_MS + 1000);
      const otp = await freshCode(app, phone);
      expect((await verifyCode(app, phone, wrongCode(otp))).statusCode).toBe(401);

      clock.advance(BLOCK_MS * 24);
      const lockedRequest = await requestCode(app, phone);
      expect(lockedRequest.statusCode).toBe(423);
      expect(detailOf(lockedRequest)).toBe(
        'This number is locked after too many wrong codes. Please contact support.',
      );
      const lockedVerify = await verifyCode(app, phone, otp);
      expect(lockedVerify.statusCode).toBe(423);

      const result = await app.services.ops.unlockPhone(`+${phone}`);
      expect(result).toEqual({ phone: `+${phone}`, wasLocked: true });
      expect((await verifyCode(app, phone, await freshCode(app, phone))).statusCode).toBe(200);
    });
  });

  describe('POST users/logout', () => {
    it('ends the session at once', async () => {
      const app = await buildTestApp(database());
      const player = await signedInPlayer(app);
      const response = await app.inject({
        method: 'POST',
        url: url('users/logout'),
        headers: bearer(player.token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Signed out' });
      for (const path of ['users/logout', 'invites']) {
        const after = await app.inject({
          method: 'POST',
          url: url(path),
          headers: bearer(player.token),
        });
        expect(after.statusCode).toBe(401);
      }
      // The timer checks its session in its own statement: refused all the same.
      const timer = await app.inject({
        method: 'GET',
        url: url('questionnaires/get_timer'),
        headers: bearer(player.token),
      });
      expect(timer.statusCode).toBe(401);
    });

    it('ends only the session it names', async () => {
      const app = await buildTestApp(database());
      const player = await signedInPlayer(app);
      const second = LoginResponse.parse(
        (await verifyCode(app, player.phone, await freshCode(app, player.phone))).json(),
      );
      await app.inject({ method: 'POST', url: url('users/logout'), headers: bearer(player.token) });
      const stillIn = await app.inject({
        method: 'GET',
        url: url('invites'),
        headers: bearer(second.token),
      });
      expect(stillIn.statusCode).toBe(200);
    });

    it.each([
      ['no token', {}],
      ['a malformed token', bearer('not-a-jwt')],
      [
        'a token signed with another secret',
        bearer(
          'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzaWQiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAifQ.c2lnbmF0dXJlLW5vdC12YWxpZA',
        ),
      ],
    ])('answers 401 with %s', async (_label, headers) => {
      const app = await buildTestApp(database());
      const response = await app.inject({ method: 'POST', url: url('users/logout'), headers });
      expect(response.statusCode).toBe(401);
      expect(detailOf(response)).toBe('Unauthorized');
    });

    it("answers 401 for a live session's token signed with another algorithm", async () => {
      const app = await buildTestApp(database());
      const player = await signedInPlayer(app);
      const { sid } = app.jwt.decode<{ sid: string }>(player.token) ?? { sid: '' };
      // The server's own secret, but HS512: only HS256 is accepted.
      const token = app.jwt.sign({ sid }, { algorithm: 'HS512' });
      for (const path of ['invites', 'questionnaires/get_timer']) {
        const response = await app.inject({
          method: 'GET',
          url: url(path),
          headers: bearer(token),
        });
        expect(response.statusCode).toBe(401);
      }
      const accepted = await app.inject({
        method: 'GET',
        url: url('invites'),
        headers: bearer(app.signSessionToken(sid)),
      });
      expect(accepted.statusCode).toBe(200);
    });

    it('answers 401 for a correctly signed token naming no session', async () => {
      const app = await buildTestApp(database());
      const token = app.signSessionToken('00000000-0000-4000-8000-000000000000');
      const response = await app.inject({
        method: 'POST',
        url: url('users/logout'),
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(401);
    });
  });
});
