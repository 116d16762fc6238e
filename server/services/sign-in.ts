// One-time codes and sign-in (DESIGN section 4): 4 CSPRNG digits kept only as a salted hash,
// 10 minutes, single use, void after 5 wrong tries; consecutive failures capped per phone.
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
import { findActiveUserByPhone, lockActiveUser } from '../repositories/users';
import type { ServiceContext } from './context';
import type { SessionService } from './sessions';
import { toUserView } from './users';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_ATTEMPTS_PER_CODE = 5;
/** After this many failures in a row, no new code for BLOCK_MS. */
export const FAILURES_BEFORE_BLOCK = 20;
export const BLOCK_MS = 60 * 60 * 1000;
/** After this many failures in a row, only the operator can let the phone sign in again. */
export const FAILURES_BEFORE_LOCK = 100;

export const INVALID_CODE = 'Invalid Code';
export const LOCKED_DETAIL =
  'This number is locked after too many wrong codes. Please contact support.';
export const BLOCKED_DETAIL = 'Too many wrong codes. Please try again later.';

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
  { kind: 'signedIn'; sessionId: string } | { kind: 'wrong' } | { kind: 'locked' };

export function createSignInService(
  { db, sms, now }: ServiceContext,
  sessionService: SessionService,
) {
  return {
    async requestCode(wirePhone: string): Promise<RequestCodeResponse> {
      const phone = toE164(wirePhone);
      const user = await findActiveUserByPhone(db, phone);
      if (!user) throw notFound('Not registered');
      const code = randomInt(0, 10 ** CODE_LENGTH)
        .toString()
        .padStart(CODE_LENGTH, '0');
      const salt = randomBytes(16).toString('hex');
      await db.transaction(async (tx) => {
        // The player's row is the one lock that orders all sign-in writes of a phone.
        await lockActiveUser(tx, user.id);
        const guard = await findGuard(tx, user.id);
        const at = now();
        if (guard?.locked) throw locked(LOCKED_DETAIL);
        if (guard?.blockedUntil && guard.blockedUntil > at) {
          const seconds = Math.ceil((guard.blockedUntil.getTime() - at.getTime()) / 1000);
          throw tooMany(BLOCKED_DETAIL, seconds);
        }
        // A new code voids the older ones: only the last text works.
        await voidOpenCodes(tx, user.id, at);
        await insertCode(tx, {
          userId: user.id,
          salt,
          hash: hashCode(salt, code),
          expiresAt: new Date(at.getTime() + CODE_TTL_MS),
        });
      });
      try {
        await sms.send(phone, smsText(code));
      } catch (error) {
        await voidOpenCodes(db, user.id, now());
        throw new AppError(502, 'sms_failed', 'There was a problem sending the code.', undefined, {
          cause: error,
        });
      }
      return sms.delivers ? { message: 'Code sent' } : { message: 'Code sent', otp: code };
    },

    async verifyCode(
      wirePhone: string,
      code: string,
    ): Promise<Omit<LoginResponse, 'token'> & { sessionId: string }> {
      const phone = toE164(wirePhone);
      const user = await findActiveUserByPhone(db, phone);
      if (!user) throw unauthorized(INVALID_CODE);
      const outcome = await db.transaction(async (tx): Promise<VerifyOutcome> => {
        const at = now();
        await lockActiveUser(tx, user.id);
        const guard = await findGuard(tx, user.id);
        if (guard?.locked) return { kind: 'locked' };
        const usable = await lockUsableCode(tx, user.id, at, MAX_ATTEMPTS_PER_CODE);
        if (usable && matches(usable.salt, usable.hash, code)) {
          await markCodeUsed(tx, usable.id, at);
          await clearGuard(tx, user.id);
          const session = await sessionService.open(tx, user.id);
          return { kind: 'signedIn', sessionId: session.id };
        }
        if (usable) {
          const voids = usable.attempts + 1 >= MAX_ATTEMPTS_PER_CODE;
          await recordWrongAttempt(tx, usable, voids ? at : null);
        }
        const failures = await addFailure(tx, user.id, at);
        if (failures >= FAILURES_BEFORE_LOCK) {
          await restrictGuard(tx, user.id, { locked: true }, at);
          await voidOpenCodes(tx, user.id, at);
        } else if (failures % FAILURES_BEFORE_BLOCK === 0) {
          await restrictGuard(tx, user.id, { blockedUntil: new Date(at.getTime() + BLOCK_MS) }, at);
          await voidOpenCodes(tx, user.id, at);
        }
        return { kind: 'wrong' };
      });
      if (outcome.kind === 'locked') throw locked(LOCKED_DETAIL);
      if (outcome.kind === 'wrong') throw unauthorized(INVALID_CODE);
      return {
        sessionId: outcome.sessionId,
        user: toUserView(user),
        // Questionnaire answers arrive with a later part of the product; none exist yet.
        questionnaires_count: 0,
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
