// Invite codes: five personal single-use codes per player, campaign codes from the operator.
import { INVITES_PER_PLAYER, type Invite } from '../../contract/api';
import { conflict, notFound, unauthorized } from '../errors';
import { maskPhone } from '../phone';
import {
  countInvitesOwnedBy,
  findInviteByCode,
  insertInvite,
  insertInviteClick,
  listInvitesOwnedBy,
  type InviteRow,
} from '../repositories/invites';
import { findActiveUserById, lockActiveUser } from '../repositories/users';
import type { Database } from '../db/database';
import { isUniqueViolation, type ServiceContext } from './context';
import { generateInviteCode, normaliseInviteCode } from './invite-codes';

const INVALID_CODE = 'Invalid Code';

/** An invite can still sign someone up: uses remain and its owner (if any) still plays. */
async function isUsable(db: Database, invite: InviteRow | null): Promise<boolean> {
  if (!invite || invite.uses >= invite.maxUses) return false;
  if (invite.ownerId === null) return true;
  return (await findActiveUserById(db, invite.ownerId)) !== null;
}

/** Inserts an invite under a fresh random code, drawing again on the rare collision. */
async function insertWithFreshCode(db: Database, ownerId: string | null, maxUses: number) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      // A savepoint keeps a collision from aborting the caller's transaction.
      return await db.transaction((tx) =>
        insertInvite(tx, { code: generateInviteCode(), ownerId, maxUses }),
      );
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

export function createInviteService({ db }: ServiceContext) {
  return {
    async validate(code: string): Promise<void> {
      const invite = await findInviteByCode(db, normaliseInviteCode(code));
      if (!(await isUsable(db, invite))) throw notFound(INVALID_CODE);
    },

    /** An invite link was opened; a device (`deviceId`) counts once per invite. */
    async countClick(code: string, deviceId: string | null): Promise<void> {
      const invite = await findInviteByCode(db, normaliseInviteCode(code));
      if (!invite) throw notFound(INVALID_CODE);
      await insertInviteClick(db, invite.id, deviceId);
    },

    /** One more personal code, at most INVITES_PER_PLAYER ever. */
    async createPersonal(userId: string): Promise<string> {
      return db.transaction(async (tx) => {
        // The row lock makes concurrent requests count one after the other.
        if (!(await lockActiveUser(tx, userId))) throw unauthorized();
        const made = await countInvitesOwnedBy(tx, userId);
        if (made >= INVITES_PER_PLAYER) {
          throw conflict(`You have already created your ${INVITES_PER_PLAYER} invites`);
        }
        const invite = await insertWithFreshCode(tx, userId, 1);
        return invite.code;
      });
    },

    async listPersonal(userId: string): Promise<Invite[]> {
      const rows = await listInvitesOwnedBy(db, userId);
      return rows.map((row) => ({
        id: row.id,
        type: 'invite' as const,
        attributes: {
          code: row.code,
          claimed: row.uses >= row.maxUses,
          created_at: row.createdAt.toISOString(),
          // An inviter sees who joined only as a masked number: enough to recognise a friend.
          invited_user: row.claimantPhone ? { phone_number: maskPhone(row.claimantPhone) } : null,
          bonus_amount: row.bonusAmount,
        },
      }));
    },

    /** A campaign code of the operator, usable `maxUses` times. */
    async createCampaign(maxUses: number): Promise<string> {
      const invite = await insertWithFreshCode(db, null, maxUses);
      return invite.code;
    },
  };
}

export type InviteService = ReturnType<typeof createInviteService>;
