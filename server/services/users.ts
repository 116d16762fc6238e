// Signing up with an invite, and deleting an account (DESIGN section 4).
import type { User } from '../../contract/api';
import { AppError, conflict, invalid, notFound } from '../errors';
import { toE164 } from '../phone';
import { deleteClicksOf } from '../repositories/clicks';
import { consumeInvite, deleteInvitesOwnedBy, findInviteByCode } from '../repositories/invites';
import { deleteCodesOf } from '../repositories/one-time-codes';
import { clearGuard } from '../repositories/phone-guards';
import { deleteDevicesOf } from '../repositories/trusted-devices';
import { deleteSessionsOf } from '../repositories/sessions';
import { insertTicket } from '../repositories/wallet';
import {
  anonymiseUser,
  findActiveUserById,
  findActiveUserByPhone,
  insertUser,
  lockActiveUser,
  type UserRow,
} from '../repositories/users';
import { lockDrawsShared, withdrawOpenEntriesOf } from '../repositories/draws';
import { isUniqueViolation, withDeadlockRetry, type ServiceContext } from './context';
import { normaliseInviteCode } from './invite-codes';
import { announceEnded } from './sessions';
import { deleteAnswersOf } from '../repositories/questionnaires';
import { eraseRemainingPersonalRecordsOf } from '../repositories/privacy';

export const PHONE_TAKEN = 'Phone number already registered';

/** The player as the API shows them; the phone in the wire form (digits with a leading 1). */
export function toUserView(row: UserRow): User {
  return {
    id: row.id,
    phone_number: (row.phone ?? '').replace(/^\+/, ''),
    main_price: row.mainPrice,
  };
}

export function createUserService({ db, now, broadcast, log }: ServiceContext) {
  return {
    /** Creates the player and takes one use of the invite, both or neither. */
    async register(wirePhone: string, inviteCode: string): Promise<User> {
      const phone = toE164(wirePhone);
      const code = normaliseInviteCode(inviteCode);
      try {
        return await db.transaction(async (tx) => {
          if (await findActiveUserByPhone(tx, phone)) throw conflict(PHONE_TAKEN);
          const invite = await findInviteByCode(tx, code, { lock: true });
          if (!invite) throw notFound('Invalid invite code');
          if (invite.uses >= invite.maxUses)
            throw invalid('This invite code has already been used');
          if (invite.ownerId !== null && !(await findActiveUserById(tx, invite.ownerId))) {
            throw notFound('Invalid invite code');
          }
          const user = await insertUser(tx, { phone, invitedByInviteId: invite.id });
          if (!(await consumeInvite(tx, invite, user.id, now()))) {
            throw invalid('This invite code has already been used');
          }
          // The welcome promises one free entry ticket, kept in the wallet (spec section 1).
          await insertTicket(tx, { userId: user.id, source: 'welcome' });
          return toUserView(user);
        });
      } catch (error) {
        // Two sign-ups of one number racing: the second meets the unique index.
        if (!(error instanceof AppError) && isUniqueViolation(error)) throw conflict(PHONE_TAKEN);
        throw error;
      }
    },

    /**
     * Erases the player's phone, events, invites, codes, devices, answers, contact messages,
     * wallet and unclaimed rewards, withdraws the player's entries from the open draw, and ends
     * every session at once. The anonymised row stays for the draw entries and the prize
     * records the law requires (repositories/privacy.ts).
     *
     * One act (DESIGN section 4): it takes the draws' lock shared, as wallet entries do, so a
     * draw closing now either closes before the entries are withdrawn or after; then it locks
     * the player's row, which every write for the player meets (the guard of migration 0007):
     * a racing write either committed before the lock, and is erased here, or waits for this
     * transaction and then fails, finding the player deleted. Entering the draw (the button,
     * Tell Us More) takes that row first and leaves a deleted player out (repositories/entering.ts
     * enterOpenDraw), so it answers 401 and the players entering beside them stay in.
     */
    async deleteAccount(signedInUserId: string, targetId: string): Promise<void> {
      // Another player's id looks exactly like an unknown one.
      if (signedInUserId !== targetId) throw notFound('Unknown user');
      await withDeadlockRetry(() =>
        db.transaction(async (tx) => {
          await lockDrawsShared(tx);
          const player = await lockActiveUser(tx, targetId);
          if (!player) throw notFound('Unknown user');
          const at = now();
          await anonymiseUser(tx, targetId, at);
          await withdrawOpenEntriesOf(tx, targetId, at);
          await deleteSessionsOf(tx, targetId);
          await deleteClicksOf(tx, targetId);
          await deleteInvitesOwnedBy(tx, targetId);
          await deleteCodesOf(tx, targetId);
          await clearGuard(tx, targetId);
          await deleteDevicesOf(tx, targetId);
          await deleteAnswersOf(tx, targetId);
          await eraseRemainingPersonalRecordsOf(tx, targetId, player.phone);
        }),
      );
      await announceEnded({ userIds: [targetId] }, broadcast, log);
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
