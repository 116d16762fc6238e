// What a player has won: rewards (filled by the questionnaire flow), grand prizes and the
// referral bonus a winner earns their inviter.
import type { GrandPrize, Reward } from '../../contract/api';
import type { Database } from '../db/database';
import { notFound } from '../errors';
import { maskPhone } from '../phone';
import { findEntry } from '../repositories/draws';
import {
  findActiveInviterOf,
  findGrandPrizeOf,
  insertGrandPrize,
  insertReferralBonus,
  listGrandPrizesOf,
  listUnplayedRewardsOf,
  type GrandPrizeRow,
} from '../repositories/prizes';
import { findActiveUserById } from '../repositories/users';
import { isUuid } from '../ids';
import type { ServiceContext } from './context';
import { toRewardView } from './rewards';

/** An inviter earns this share of the grand prize their invitee wins (100 on 500). */
export const REFERRAL_BONUS_RATE = 0.2;

export function winnerText(prizeAmount: number): string {
  return `You won $${prizeAmount} in the BLACK BUTTON drawing! Open the app to claim your prize.`;
}

export interface DrawWinner {
  userId: string;
  entryId: number;
  prizeAmount: number;
}

export const UNKNOWN_PRIZE = 'Unknown prize';

/** The cashier check on a prize, when it has both a name and an address. */
export function cashierCheckOf(row: GrandPrizeRow) {
  return row.cashierCheckName && row.cashierCheckAddress
    ? { name: row.cashierCheckName, address: row.cashierCheckAddress }
    : null;
}

/** The player's own prize; another player's looks exactly like an unknown one (404). */
export async function ownGrandPrize(db: Database, userId: string, id: string) {
  const row = isUuid(id) ? await findGrandPrizeOf(db, id, userId) : null;
  if (!row) throw notFound(UNKNOWN_PRIZE);
  return row;
}

export function toGrandPrizeView(row: GrandPrizeRow): GrandPrize {
  return {
    id: row.id,
    draw_id: row.drawId,
    additional_info: { prize_amount: row.prizeAmount },
    cashier_check: cashierCheckOf(row),
    claimed: row.claimedAt !== null,
    created_at: row.createdAt.toISOString(),
    payment_method: row.paymentMethod,
    paid: row.paidAt !== null,
  };
}

export function createPrizeService({ db, sms, log }: ServiceContext) {
  return {
    /**
     * Inside the closing's transaction: the winning entry's player gets their grand prize, and
     * the player who invited them the referral bonus.
     */
    async awardGrandPrize(tx: Database, drawId: number, entryId: number): Promise<DrawWinner> {
      const entry = await findEntry(tx, entryId);
      if (!entry) throw new Error(`winning entry ${entryId} not found`);
      const player = await findActiveUserById(tx, entry.userId);
      // A winner who deleted their account keeps the anonymised row; the prize stays recorded.
      const prizeAmount = player?.mainPrice ?? 0;
      const prize = await insertGrandPrize(tx, {
        userId: entry.userId,
        drawId,
        drawEntryId: entryId,
        prizeAmount,
      });
      const inviter = await findActiveInviterOf(tx, entry.userId);
      if (inviter && inviter.id !== entry.userId) {
        await insertReferralBonus(tx, {
          inviterId: inviter.id,
          winnerId: entry.userId,
          grandPrizeId: prize.id,
          amount: Math.round(prizeAmount * REFERRAL_BONUS_RATE),
        });
      }
      return { userId: entry.userId, entryId, prizeAmount };
    },

    /** After the closing committed: the product's only text. A failure is logged, not thrown. */
    async textWinner(drawId: number, winner: DrawWinner): Promise<void> {
      const player = await findActiveUserById(db, winner.userId);
      if (!player?.phone) return;
      try {
        await sms.send(player.phone, winnerText(winner.prizeAmount));
        log?.info({ drawId, to: maskPhone(player.phone) }, 'winner texted');
      } catch (error) {
        log?.error({ err: error, drawId, to: maskPhone(player.phone) }, 'winner text failed');
      }
    },

    async rewards(userId: string): Promise<Reward[]> {
      return (await listUnplayedRewardsOf(db, userId)).map(toRewardView);
    },

    async grandPrizes(userId: string): Promise<GrandPrize[]> {
      return (await listGrandPrizesOf(db, userId)).map(toGrandPrizeView);
    },

    async grandPrize(userId: string, id: string): Promise<GrandPrize> {
      return toGrandPrizeView(await ownGrandPrize(db, userId, id));
    },
  };
}

export type PrizeService = ReturnType<typeof createPrizeService>;
