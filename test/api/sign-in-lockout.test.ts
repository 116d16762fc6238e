// Strangers guessing codes for someone else's number, side by side with that player's own
// phone (DESIGN section 4): the guessing bound holds, and the player is never locked out.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_WINDOW_MS,
  FAILURES_BEFORE_LOCK,
  FAILURES_PER_ADDRESS,
} from '../../server/services/sign-in';
import {
  buildTestApp,
  campaignCode,
  databases,
  detailOf,
  freshCode,
  nextPhone,
  register,
  requestCode,
  TestClock,
  useDatabase,
  verifyCode,
  wrongCode,
} from './helper';

const ADDRESS_DETAIL = 'Too many wrong codes from this network. Please try again later.';
const LOCKED_DETAIL = 'This number is locked after too many wrong codes. Please contact support.';

/** The device cookie a response sets, as the browser would send it back (`name=value`). */
function deviceCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = cookies.find((line) => line.startsWith('bb_device='));
  if (!cookie) throw new Error(`no device cookie in ${JSON.stringify(header)}`);
  return cookie.split(';')[0] ?? '';
}

describe.each(databases)('strangers cannot lock a player out, on %s', (kind) => {
  const database = useDatabase(kind);
  let networkCounter = 0;
  /** A client address nobody else in this file uses. */
  const freshAddress = () => {
    networkCounter += 1;
    return `192.168.${networkCounter >> 8}.${networkCounter & 255}`;
  };

  /** A registered player who signed in once on their phone, which now holds its cookie. */
  async function playerWithTrustedPhone(app: FastifyInstance) {
    const phone = nextPhone();
    expect((await register(app, phone, await campaignCode(app, 1))).statusCode).toBe(201);
    const home = freshAddress();
    const signedIn = await verifyCode(app, phone, await freshCode(app, phone, home), {
      remoteAddress: home,
    });
    expect(signedIn.statusCode).toBe(200);
    return { phone, home, cookie: deviceCookieOf(signedIn) };
  }

  /** Wrong codes from one address until it is refused; returns the answers' statuses. */
  async function hammer(app: FastifyInstance, phone: string, address: string, tries: number) {
    const statuses: number[] = [];
    for (let i = 0; i < tries; i += 1) {
      statuses.push((await verifyCode(app, phone, '0000', { remoteAddress: address })).statusCode);
    }
    return statuses;
  }

  it('gives the device an HttpOnly, SameSite=Strict, signed cookie for the sign-in calls only', async () => {
    const app = await buildTestApp(database());
    const phone = nextPhone();
    expect((await register(app, phone, await campaignCode(app, 1))).statusCode).toBe(201);
    const signedIn = await verifyCode(app, phone, await freshCode(app, phone));
    const header = String(signedIn.headers['set-cookie']);
    expect(header).toMatch(
      /^bb_device=[^;]+; Max-Age=31536000; Path=\/api\/v1\/users; HttpOnly; SameSite=Strict$/,
    );
    // Over HTTPS (as told by a trusted proxy) it is Secure as well.
    const proxied = await buildTestApp(database(), { config: { TRUST_PROXY: 'on' } });
    const overTls = await proxied.inject({
      method: 'POST',
      url: '/api/v1/users/verify_code',
      payload: { phone_number: phone, code: await freshCode(proxied, phone) },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(overTls.statusCode).toBe(200);
    expect(String(overTls.headers['set-cookie'])).toContain('; Secure');
  });

  it('answers 429 with Retry-After to an address after its 10 wrong codes, and only to it', async () => {
    const clock = new TestClock();
    const app = await buildTestApp(database(), { clock });
    const { phone } = await playerWithTrustedPhone(app);
    const attacker = freshAddress();
    const statuses = await hammer(app, phone, attacker, FAILURES_PER_ADDRESS + 5);
    expect(statuses).toEqual([
      ...Array<number>(FAILURES_PER_ADDRESS).fill(401),
      ...Array<number>(5).fill(429),
    ]);
    const refused = await verifyCode(app, phone, '0000', { remoteAddress: attacker });
    expect(refused.statusCode).toBe(429);
    expect(detailOf(refused)).toBe(ADDRESS_DETAIL);
    expect(Number(refused.headers['retry-after'])).toBe(ADDRESS_WINDOW_MS / 1000);
    // Another network is not held back, and the address's window ends.
    expect((await hammer(app, phone, freshAddress(), 1))[0]).toBe(401);
    clock.advance(ADDRESS_WINDOW_MS);
    expect((await hammer(app, phone, attacker, 1))[0]).toBe(401);
  });

  it('lets no more than 10 of many concurrent wrong codes from one address be judged', async () => {
    const app = await buildTestApp(database());
    const { phone } = await playerWithTrustedPhone(app);
    const attacker = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: FAILURES_PER_ADDRESS + 6 }, () =>
        verifyCode(app, phone, '0000', { remoteAddress: attacker }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(FAILURES_PER_ADDRESS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  it('counts an address against one limit however many server instances share the database', async () => {
    const first = await buildTestApp(database());
    const second = await buildTestApp(database());
    const { phone } = await playerWithTrustedPhone(first);
    const attacker = freshAddress();
    const half = FAILURES_PER_ADDRESS / 2;
    expect(await hammer(first, phone, attacker, half)).not.toContain(429);
    expect(await hammer(second, phone, attacker, half)).not.toContain(429);
    expect(await hammer(first, phone, attacker, 1)).toEqual([429]);
    expect(await hammer(second, phone, attacker, 1)).toEqual([429]);
  });

  it('counts only failures against an address: a right code gives its turn back', async () => {
    const app = await buildTestApp(database());
    const phone = nextPhone();
    expect((await register(app, phone, await campaignCode(app, 1))).statusCode).toBe(201);
    const carrier = freshAddress();
    expect(await hammer(app, phone, carrier, FAILURES_PER_ADDRESS - 1)).not.toContain(429);
    const otp = await freshCode(app, phone, carrier);
    expect((await verifyCode(app, phone, otp, { remoteAddress: carrier })).statusCode).toBe(200);
    expect(await hammer(app, phone, carrier, 2)).toEqual([401, 429]);
  });

  it('locks strangers out after 100 failures from many addresses while the player signs in on their phone', async () => {
    const app = await buildTestApp(database(), { config: { CODE_LIMIT_PER_PHONE: '100' } });
    const victim = await playerWithTrustedPhone(app);

    // Ten networks, each refused after its ten: exactly 100 wrong codes are ever judged.
    let judged = 0;
    for (let n = 0; n < FAILURES_BEFORE_LOCK / FAILURES_PER_ADDRESS + 1; n += 1) {
      const statuses = await hammer(app, victim.phone, freshAddress(), FAILURES_PER_ADDRESS + 1);
      judged += statuses.filter((status) => status === 401).length;
    }
    expect(judged).toBe(FAILURES_BEFORE_LOCK);
    const stranger = freshAddress();
    const lockedOut = await verifyCode(app, victim.phone, '0000', { remoteAddress: stranger });
    expect(lockedOut.statusCode).toBe(423);
    expect(detailOf(lockedOut)).toBe(LOCKED_DETAIL);
    expect((await requestCode(app, victim.phone, stranger)).statusCode).toBe(423);

    // The player's phone, with its cookie, still gets a code and signs in, from home or anywhere.
    for (const address of [victim.home, stranger]) {
      const otp = await freshCode(app, victim.phone, address, victim.cookie);
      const signedIn = await verifyCode(app, victim.phone, otp, {
        remoteAddress: address,
        cookie: victim.cookie,
      });
      expect(signedIn.statusCode).toBe(200);
    }
    // A new browser of the player's is a stranger until the operator unlocks the number.
    expect((await requestCode(app, victim.phone, freshAddress())).statusCode).toBe(423);
    const unlocked = await app.services.ops.unlockPhone(`+${victim.phone}`);
    expect(unlocked.wasLocked).toBe(true);
    const fresh = freshAddress();
    const otp = await freshCode(app, victim.phone, fresh);
    expect((await verifyCode(app, victim.phone, otp, { remoteAddress: fresh })).statusCode).toBe(
      200,
    );
  });

  it("keeps the player's code from their phone usable while strangers guess", async () => {
    const app = await buildTestApp(database());
    const victim = await playerWithTrustedPhone(app);
    const otp = await freshCode(app, victim.phone, victim.home, victim.cookie);
    // Wrong guesses, and even the right digits, from a client without the cookie are not
    // tried against the code the phone asked for.
    expect(await hammer(app, victim.phone, freshAddress(), 5)).toEqual([401, 401, 401, 401, 401]);
    expect(
      (await verifyCode(app, victim.phone, otp, { remoteAddress: freshAddress() })).statusCode,
    ).toBe(401);
    const signedIn = await verifyCode(app, victim.phone, otp, {
      remoteAddress: victim.home,
      cookie: victim.cookie,
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it("gives the player's phone codes of its own while strangers use up the number's code requests", async () => {
    const app = await buildTestApp(database(), { config: { CODE_LIMIT_PER_PHONE: '3' } });
    const victim = await playerWithTrustedPhone(app);
    const strangers = freshAddress();
    for (let i = 0; i < 3; i += 1) await requestCode(app, victim.phone, strangers);
    expect((await requestCode(app, victim.phone, freshAddress())).statusCode).toBe(429);
    const otp = await freshCode(app, victim.phone, victim.home, victim.cookie);
    expect(
      (
        await verifyCode(app, victim.phone, otp, {
          remoteAddress: victim.home,
          cookie: victim.cookie,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('rejects a device cookie after 5 wrong codes in a row: it is a stranger from then on', async () => {
    const app = await buildTestApp(database(), { config: { CODE_LIMIT_PER_PHONE: '100' } });
    const victim = await playerWithTrustedPhone(app);
    for (let n = 0; n < FAILURES_BEFORE_LOCK / FAILURES_PER_ADDRESS; n += 1) {
      await hammer(app, victim.phone, freshAddress(), FAILURES_PER_ADDRESS);
    }
    const withCookie = { remoteAddress: victim.home, cookie: victim.cookie };
    await freshCode(app, victim.phone, victim.home, victim.cookie);
    for (let i = 0; i < 5; i += 1) {
      expect((await verifyCode(app, victim.phone, '0000', withCookie)).statusCode).toBe(401);
    }
    expect((await requestCode(app, victim.phone, victim.home, victim.cookie)).statusCode).toBe(423);
    expect((await verifyCode(app, victim.phone, '0000', withCookie)).statusCode).toBe(423);
  });

  it("trusts no cookie that was tampered with or given for another player's number", async () => {
    const app = await buildTestApp(database(), { config: { CODE_LIMIT_PER_PHONE: '100' } });
    const victim = await playerWithTrustedPhone(app);
    const other = await playerWithTrustedPhone(app);
    for (let n = 0; n < FAILURES_BEFORE_LOCK / FAILURES_PER_ADDRESS; n += 1) {
      await hammer(app, victim.phone, freshAddress(), FAILURES_PER_ADDRESS);
    }
    const [name, value = ''] = victim.cookie.split('=');
    const tampered = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const cookie of [tampered, other.cookie, 'bb_device=not-signed']) {
      const address = freshAddress();
      expect((await requestCode(app, victim.phone, address, cookie)).statusCode).toBe(423);
      expect(
        (await verifyCode(app, victim.phone, wrongCode('0000'), { remoteAddress: address, cookie }))
          .statusCode,
      ).toBe(423);
    }
    // The real one still works.
    const otp = await freshCode(app, victim.phone, victim.home, victim.cookie);
    expect(
      (
        await verifyCode(app, victim.phone, otp, {
          remoteAddress: victim.home,
          cookie: victim.cookie,
        })
      ).statusCode,
    ).toBe(200);
  });
});
