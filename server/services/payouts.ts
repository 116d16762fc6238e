// The winnings drawer and the grand prize payout (DESIGN section 2): the player's coupons and
// referral bonuses, how their prize can be paid, the one payout request per prize, and the
// operator's side: the claims waiting to be paid, and marking one paid.
import type { Reward } from '../../contract/api';
import {
  METHOD_NOT_OFFERED,
  PAYMENT_METHODS,
  PRIZE_ALREADY_CLAIMED,
  type ClaimPrizeRequest,
  type ClaimPrizeResponse,
  type PaymentChoicesResponse,
  PaymentMethod,
  type ReferralBonus,
} from '../../contract/winnings';
import { conflict, invalid, notFound } from '../errors';
import { maskPhone } from '../phone';
import {
  claimGrandPrize,
  findGrandPrize,
  listPendingClaims,
  listReferralBonusesOf,
  markGrandPrizePaid,
  type GrandPrizeRow,
} from '../repositories/prizes';
import { couponsOf } from '../repositories/rewards';
import { isUuid } from '../ids';
import type { ServiceContext } from './context';
import { OpsError } from './ops';
import { cashierCheckOf, ownGrandPrize, UNKNOWN_PRIZE } from './prizes';
import { toRewardView } from './rewards';

/** Methods a cashier check on the prize rules out: it is paid by card only. */
const NOT_WITH_CASHIER_CHECK: readonly PaymentMethod[] = ['Venmo', 'PayPal'];

function choicesFor(row: GrandPrizeRow): PaymentMethod[] {
  return cashierCheckOf(row)
    ? PAYMENT_METHODS.filter((method) => !NOT_WITH_CASHIER_CHECK.includes(method))
    : [...PAYMENT_METHODS];
}

/** Where the payout goes: the e-mail address, or the Venmo username with its '@'. */
function destinationOf(request: ClaimPrizeRequest): string {
  return request.payment_method === 'Venmo'
    ? `@${request.handle.replace(/^@/, '')}`
    : request.email;
}

export function claimMessage(amount: number, method: PaymentMethod, destination: string) {
  switch (method) {
    case 'PayPal':
      return `Your $${amount} prize will be sent to ${destination} by PayPal.`;
    case 'Venmo':
      return `Your $${amount} prize will be sent to ${destination} on Venmo.`;
    case 'Virtual Visa':
      return `Your $${amount} prize will be sent to ${destination} as a Virtual Visa card.`;
  }
}

/** A claim the operator still has to pay, as `payouts list` shows it. */
export interface PendingClaim {
  id: string;
  drawId: number;
  amount: number;
  method: string;
  details: string;
  claimedAt: Date;
  /** The winner's phone, masked; '(deleted)' once the account is gone. */
  winner: string;
}

export function createPayoutService({ db, now }: ServiceContext) {
  const ownPrize = (userId: string, id: string) => ownGrandPrize(db, userId, id);

  return {
    async coupons(userId: string): Promise<Reward[]> {
      return (await couponsOf(db, userId)).map(toRewardView);
    },

    async referralBonuses(userId: string): Promise<ReferralBonus[]> {
      return (await listReferralBonusesOf(db, userId)).map((row) => ({
        id: row.id,
        amount: row.amount,
        created_at: row.createdAt.toISOString(),
        claimed: row.claimedAt !== null,
        payment_method: PaymentMethod.safeParse(row.paymentMethod).data ?? null,
        paid: row.paidAt !== null,
      }));
    },

    async paymentChoices(userId: string, id: string): Promise<PaymentChoicesResponse['data']> {
      const row = await ownPrize(userId, id);
      return {
        grand_prize_id: row.id,
        choices: choicesFor(row),
        cashier_check: cashierCheckOf(row),
      };
    },

    /** Records the prize's one payout request; a second one, even a racing one, is refused. */
    async claim(userId: string, request: ClaimPrizeRequest): Promise<ClaimPrizeResponse['data']> {
      const id = request.grand_prize_id;
      if (!isUuid(id)) throw notFound(UNKNOWN_PRIZE);
      const method = request.payment_method;
      const destination = destinationOf(request);
      const claimed = await claimGrandPrize(db, {
        id,
        userId,
        paymentMethod: method,
        paymentDetails: destination,
        at: now(),
        offeredOnlyWithoutCheck: NOT_WITH_CASHIER_CHECK.includes(method),
      });
      if (!claimed) {
        const row = await ownPrize(userId, id);
        if (row.claimedAt !== null) throw conflict(PRIZE_ALREADY_CLAIMED);
        if (!choicesFor(row).includes(method)) throw invalid(METHOD_NOT_OFFERED);
        throw new Error(`the claim of prize ${id} was not recorded`);
      }
      return {
        grand_prize_id: claimed.id,
        payment_method: method,
        message: claimMessage(claimed.prizeAmount, method, destination),
      };
    },

    /** For the operator: claims not paid yet, oldest first. */
    async pendingClaims(): Promise<PendingClaim[]> {
      return (await listPendingClaims(db)).map(({ prize, phone }) => ({
        id: prize.id,
        drawId: prize.drawId,
        amount: prize.prizeAmount,
        method: prize.paymentMethod ?? '',
        details: prize.paymentDetails ?? '',
        claimedAt: prize.claimedAt ?? prize.createdAt,
        winner: phone ? maskPhone(phone) : '(deleted)',
      }));
    },

    /** For the operator: a claimed prize has been paid out. */
    async markPaid(id: string): Promise<GrandPrizeRow> {
      if (!isUuid(id)) throw new OpsError(`Not a prize id: ${id}`);
      const paid = await markGrandPrizePaid(db, id, now());
      if (paid) return paid;
      const row = await findGrandPrize(db, id);
      if (!row) throw new OpsError(`No prize ${id}`);
      if (row.claimedAt === null) throw new OpsError(`Prize ${id} has not been claimed yet`);
      if (row.paidAt !== null) {
        throw new OpsError(`Prize ${id} was paid already, on ${row.paidAt.toISOString()}`);
      }
      throw new Error(`prize ${id} was not marked paid`);
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
