// What a player has won: rewards (filled by the questionnaire flow) and grand prizes.
import type { GrandPrize, Reward } from '../../contract/api';
import { notFound } from '../errors';
import {
  findGrandPrizeOf,
  listGrandPrizesOf,
  listUnplayedRewardsOf,
  type GrandPrizeRow,
  type RewardRow,
} from '../repositories/prizes';
import type { ServiceContext } from './context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toGrandPrizeView(row: GrandPrizeRow): GrandPrize {
  return {
    id: row.id,
    draw_id: row.drawId,
    additional_info: { prize_amount: row.prizeAmount },
    cashier_check:
      row.cashierCheckName && row.cashierCheckAddress
        ? { name: row.cashierCheckName, address: row.cashierCheckAddress }
        : null,
    claimed: row.claimedAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export function toRewardView(row: RewardRow): Reward {
  return {
    id: row.id,
    type: row.type,
    attributes: {
      value: row.value,
      coupon_type: row.couponType,
      image_link: row.imageLink,
      link: row.link,
    },
  };
}

export function createPrizeService({ db }: ServiceContext) {
  return {
    async rewards(userId: string): Promise<Reward[]> {
      return (await listUnplayedRewardsOf(db, userId)).map(toRewardView);
    },

    async grandPrizes(userId: string): Promise<GrandPrize[]> {
      return (await listGrandPrizesOf(db, userId)).map(toGrandPrizeView);
    },

    /** The player's own prize; another player's looks exactly like an unknown one. */
    async grandPrize(userId: string, id: string): Promise<GrandPrize> {
      const row = UUID.test(id) ? await findGrandPrizeOf(db, id, userId) : null;
      if (!row) throw notFound('Unknown prize');
      return toGrandPrizeView(row);
    },
  };
}

export type PrizeService = ReturnType<typeof createPrizeService>;
