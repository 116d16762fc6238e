// One-time codes and sign-in (DESIGN section 4): 4 CSPRNG digits kept only as a salted hash,
// 10 minutes, single use, void after 5 wrong tries. Failures are capped per client address and
// per phone for clients without a trusted device, and per device for those with one, so the
// guessing bound holds while strangers cannot lock a player out of their own phone (the README
// states the rule and its numbers).
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH, type LoginResponse, type RequestCodeResponse } from '../../contract/api';
import { AppError, locked, notFound, tooMany, unauthorized } from '../errors';
import { toE164 } from '../phone';
import {
  insertCode,
  lockUsableCode,
  markCodeUsed,
  recordWrongAttempt,
  voidOpenCodes,
} from '../repositories/one-time-codes';
import { addFailure, clearGuard, findGuard, restrictGuard } from '../repositories/phone-guards';
import { hitRateLimit, refundRateLimit } from '../repositories/rate-limits';
import {
  addDeviceFailure,
  clearDeviceFailures,
  findTrustedDevice,
  insertTrustedDevice,
  lockTrustedDevice,
  rejectDevice,
} from '../repositories/trusted-devices';
import { findActiveUserByPhone, lockActiveUser } from '../repositories/users';
import type { ServiceContext } from './context';
import type { SessionService } from './sessions';
import { toUserView } from './users';
import { countAnswered } from '../repositories/questionnaires';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_ATTEMPTS_PER_CODE = 5;
/** After this many failures in a row, no new code for BLOCK_MS. */
export const FAILURES_BEFORE_BLOCK = 20;
export const BLOCK_MS = 60 * 60 * 1000;
/** After this many failures in a row, only the operator can let the phone sign in again. */
export const FAILURES_BEFORE_LOCK = 100;
/** Failed codes a client address may send per window (clients without a trusted device). */
export const FAILURES_PER_ADDRESS = 10;
export const ADDRESS_WINDOW_MS = 10 * 60 * 1000;
/** After this many failures in a row, a trusted device's cookie is rejected: one code's worth. */
export const DEVICE_FAILURES_BEFORE_REJECT = MAX_ATTEMPTS_PER_CODE;

export const INVALID_CODE = 'Invalid Code';
export const LOCKED_DETAIL =
  'This number is locked after too many wrong codes. Please contact support.';
export const BLOCKED_DETAIL = 'Too many wrong codes. Please try again later.';
export const ADDRESS_DETAIL = 'Too many wrong codes from this network. Please try again later.';

/** What a device cookie claims: the player it was given to and the device's row. */
export interface DeviceClaim {
  userId: string;
  deviceId: string;
}

/** Who is asking: the client address, and the device cookie it presented, if any. */
export interface SignInClient {
  address: string;
  device: DeviceClaim | null;
}

function hashCode(salt: string, code: string): string {
  return createHash('sha256').update(salt).update(code).digest('hex');
}

function matches(salt: string, hash: string, code: string): boolean {
  const expected = Buffer.from(hash, 'hex');
  const actual = Buffer.from(hashCode(salt, code), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function smsText(code: string): string {
  return `Your BLACK BUTTON code is ${code}. It expires in 10 minutes.`;
}

type VerifyOutcome =
  | { kind: 'signedIn'; sessionId: string; deviceId: string }
  | { kind: 'wrong' }
  | { kind: 'locked' };

const addressKey = (address: string) => `verify-failures:${address}`;

function secondsUntil(end: Date, at: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - at.getTime()) / 1000));
}

export function createSignInService(
  { db, sms, now }: ServiceContext,
  sessionService: SessionService,
) {
  return {
    /**
     * The trusted device a cookie names, when it was given to the player of `wirePhone` and
     * has not been rejected; null otherwise.
     */
    async trustedDevice(wirePhone: string, claim: DeviceClaim | null): Promise<string | null> {
      if (!claim) return null;
      const user = await findActiveUserByPhone(db, toE164(wirePhone));
      if (user?.id !== claim.userId) return null;
      return (await findTrustedDevice(db, user.id, claim.deviceId))?.id ?? null;
    },

    async requestCode(wirePhone: string, client: SignInClient): Promise<RequestCodeResponse> {
      const phone = toE164(wirePhone);
      const user = await findActiveUserByPhone(db, phone);
      if (!user) throw notFound('Not registered');
      let deviceId: string | null = null;
      const code = randomInt(0, 10 ** CODE_LENGTH)
        .toString()
        .padStart(CODE_LENGTH, '0');
      const salt = randomBytes(16).toString('hex');
      await db.transaction(async (tx) => {
        // The player's row is the one lock that orders all sign-in writes of a phone.
        await lockActiveUser(tx, user.id);
        const at = now();
        const device =
          client.device?.userId === user.id
            ? await findTrustedDevice(tx, user.id, client.device.deviceId)
            : null;
        deviceId = device?.id ?? null;
        // The phone's block and lock come from strangers' failures: they bind other clients only.
        if (!device) {
          const guard = await findGuard(tx, user.id);
          if (guard?.locked) throw locked(LOCKED_DETAIL);
          if (guard?.blockedUntil && guard.blockedUntil > at) {
            throw tooMany(BLOCKED_DETAIL, secondsUntil(guard.blockedUntil, at));
          }
        }
        // A new code voids the older ones of the same channel: only the last text works.
        await voidOpenCodes(tx, user.id, deviceId, at);
        await insertCode(tx, {
          userId: user.id,
          deviceId,
          salt,
          hash: hashCode(salt, code),
          expiresAt: new Date(at.getTime() + CODE_TTL_MS),
        });
      });
      try {
        await sms.send(phone, smsText(code));
      } catch (error) {
        await voidOpenCodes(db, user.id, deviceId, now());
        throw new AppError(502, 'sms_failed', 'There was a problem sending the code.', undefined, {
          cause: error,
        });
      }
      return sms.delivers ? { message: 'Code sent' } : { message: 'Code sent', otp: code };
    },

    async verifyCode(
      wirePhone: string,
      code: string,
      client: SignInClient,
    ): Promise<Omit<LoginResponse, 'token'> & { sessionId: string; deviceId: string }> {
      const phone = toE164(wirePhone);
      const user = await findActiveUserByPhone(db, phone);
      const trusted =
        user && client.device?.userId === user.id
          ? await findTrustedDevice(db, user.id, client.device.deviceId)
          : null;
      // Every guess from a client without a trusted device takes one of its address's failures
      // up front, so concurrent guesses cannot overrun the limit; a success gives it back.
      if (!trusted) {
        const at = now();
        const hit = await hitRateLimit(db, addressKey(client.address), ADDRESS_WINDOW_MS, at);
        if (hit.hits > FAILURES_PER_ADDRESS) {
          const windowEnd = new Date(hit.windowStartedAt.getTime() + ADDRESS_WINDOW_MS);
          throw tooMany(ADDRESS_DETAIL, secondsUntil(windowEnd, at));
        }
      }
      if (!user) throw unauthorized(INVALID_CODE);
      const outcome = await db.transaction(async (tx): Promise<VerifyOutcome> => {
        const at = now();
        await lockActiveUser(tx, user.id);
        if (trusted) {
          // Rejected meanwhile by a concurrent failure: this guess has no budget left.
          const device = await lockTrustedDevice(tx, user.id, trusted.id);
          if (!device) return { kind: 'wrong' };
          const usable = await lockUsableCode(tx, user.id, device.id, at, MAX_ATTEMPTS_PER_CODE);
          if (usable && matches(usable.salt, usable.hash, code)) {
            await markCodeUsed(tx, usable.id, at);
            await clearDeviceFailures(tx, device.id);
            const session = await sessionService.open(tx, user.id);
            return { kind: 'signedIn', sessionId: session.id, deviceId: device.id };
          }
          if (usable) {
            const voids = usable.attempts + 1 >= MAX_ATTEMPTS_PER_CODE;
            await recordWrongAttempt(tx, usable, voids ? at : null);
          }
          if ((await addDeviceFailure(tx, device.id)) >= DEVICE_FAILURES_BEFORE_REJECT) {
            await rejectDevice(tx, device.id, at);
            await voidOpenCodes(tx, user.id, device.id, at);
          }
          return { kind: 'wrong' };
        }

        const guard = await findGuard(tx, user.id);
        if (guard?.locked) return { kind: 'locked' };
        const usable = await lockUsableCode(tx, user.id, null, at, MAX_ATTEMPTS_PER_CODE);
        if (usable && matches(usable.salt, usable.hash, code)) {
          await markCodeUsed(tx, usable.id, at);
          await clearGuard(tx, user.id);
          const device = await insertTrustedDevice(tx, user.id);
          const session = await sessionService.open(tx, user.id);
          return { kind: 'signedIn', sessionId: session.id, deviceId: device.id };
        }
        if (usable) {
          const voids = usable.attempts + 1 >= MAX_ATTEMPTS_PER_CODE;
          await recordWrongAttempt(tx, usable, voids ? at : null);
        }
        const failures = await addFailure(tx, user.id, at);
        if (failures >= FAILURES_BEFORE_LOCK) {
          await restrictGuard(tx, user.id, { locked: true }, at);
          await voidOpenCodes(tx, user.id, null, at);
        } else if (failures % FAILURES_BEFORE_BLOCK === 0) {
          await restrictGuard(tx, user.id, { blockedUntil: new Date(at.getTime() + BLOCK_MS) }, at);
          await voidOpenCodes(tx, user.id, null, at);
        }
        return { kind: 'wrong' };
      });
      if (outcome.kind === 'locked') throw locked(LOCKED_DETAIL);
      if (outcome.kind === 'wrong') throw unauthorized(INVALID_CODE);
      if (!trusted) await refundRateLimit(db, addressKey(client.address));
      return {
        sessionId: outcome.sessionId,
        deviceId: outcome.deviceId,
        user: toUserView(user),
        // What the player has answered: a returning player skips the first-time screens.
        questionnaires_count: await countAnswered(db, user.id),
      };
    },

    /** The operator lets a phone locked by failed codes sign in again. */
    async unlock(userId: string): Promise<boolean> {
      const guard = await findGuard(db, userId);
      await clearGuard(db, userId);
      return guard !== null && (guard.locked || (guard.blockedUntil ?? new Date(0)) > now());
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
