// The winnings drawer and the payouts (DESIGN sections 2 and 4): the player's coupons and
// referral bonuses, how their prize can be paid, the one payout request per prize or bonus, and
// the operator's side: the claims waiting to be paid, marking one paid, and putting a cashier
// check on a prize.
import type { Reward } from '../../contract/api';
import {
  BONUS_ALREADY_CLAIMED,
  METHOD_NOT_OFFERED,
  PAYMENT_METHODS,
  PRIZE_ALREADY_CLAIMED,
  type ClaimBonusRequest,
  type ClaimBonusResponse,
  type ClaimPrizeRequest,
  type ClaimPrizeResponse,
  type PaymentChoicesResponse,
  PaymentMethod,
  type ReferralBonus,
} from '../../contract/winnings';
import { conflict, invalid, notFound, unauthorized } from '../errors';
import { maskPhone } from '../phone';
import {
  claimGrandPrize,
  claimReferralBonus,
  findGrandPrize,
  findReferralBonus,
  findReferralBonusOf,
  listPendingBonusClaims,
  listPendingClaims,
  listReferralBonusesOf,
  markGrandPrizePaid,
  markReferralBonusPaid,
  putCashierCheck,
  type GrandPrizeRow,
  type PayoutClaim,
} from '../repositories/prizes';
import { couponsOf } from '../repositories/rewards';
import { findActiveUserById } from '../repositories/users';
import { isUuid } from '../ids';
import type { ServiceContext } from './context';
import { cashierCheckFields } from './cashier-check';
import { claimMessage, destinationOf, type PayoutKind } from './payout-messages';
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

export const UNKNOWN_BONUS = 'Unknown bonus';

/** A claimed prize or bonus, as `payouts list` and `payouts paid` show it. */
export interface Payout {
  kind: PayoutKind;
  id: string;
  /** The draw the prize was won in (for a bonus: the draw its invitee won). */
  drawId: number;
  amount: number;
  method: string;
  /** As the player wrote it: print it through `printable`. */
  details: string;
}

/** A claim the operator still has to pay. */
export interface PendingClaim extends Payout {
  claimedAt: Date;
  /** Whom to pay (the winner, or the inviter), masked; '(deleted)' once the account is gone. */
  payee: string;
}

export function createPayoutService({ db, now }: ServiceContext) {
  /** A claim that met its player deleted answers as one without a session: the deletion ended it. */
  const stillHere = async (userId: string) => {
    if (!(await findActiveUserById(db, userId))) throw unauthorized();
  };
  const ownPrize = (userId: string, id: string) => ownGrandPrize(db, userId, id);

  /**
   * A prize's or a bonus's one payout request, recorded in one statement so that of claims
   * racing each other exactly one is; when none was, `whyNot` throws the reason the player
   * reads (the player gone answers as a session ended).
   */
  async function claimPayout<TRow extends { id: string }>(
    userId: string,
    id: string,
    request: ClaimPrizeRequest | ClaimBonusRequest,
    steps: {
      unknown: string;
      payout: PayoutKind;
      record: (claim: PayoutClaim) => Promise<TRow | null>;
      amountOf: (row: TRow) => number;
      whyNot: (id: string) => Promise<void>;
    },
  ): Promise<{ row: TRow; message: string }> {
    if (!isUuid(id)) throw notFound(steps.unknown);
    const method = request.payment_method;
    const destination = destinationOf(request);
    const row = await steps.record({
      id,
      ownerId: userId,
      paymentMethod: method,
      paymentDetails: destination,
      at: now(),
    });
    if (!row) {
      await stillHere(userId);
      await steps.whyNot(id);
      throw new Error(`the claim of ${steps.payout} ${id} was not recorded`);
    }
    return { row, message: claimMessage(steps.amountOf(row), method, destination, steps.payout) };
  }

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
      const method = request.payment_method;
      const { row, message } = await claimPayout(userId, request.grand_prize_id, request, {
        unknown: UNKNOWN_PRIZE,
        payout: 'prize',
        record: (claim) =>
          claimGrandPrize(db, {
            ...claim,
            offeredOnlyWithoutCheck: NOT_WITH_CASHIER_CHECK.includes(method),
          }),
        amountOf: (prize) => prize.prizeAmount,
        whyNot: async (id) => {
          const prize = await ownPrize(userId, id);
          if (prize.claimedAt !== null) throw conflict(PRIZE_ALREADY_CLAIMED);
          if (!choicesFor(prize).includes(method)) throw invalid(METHOD_NOT_OFFERED);
        },
      });
      return { grand_prize_id: row.id, payment_method: method, message };
    },

    /**
     * Records the inviter's payout request for their bonus, as a prize's is recorded: once,
     * whatever races it. Another player's bonus is as unknown as one that does not exist.
     */
    async claimBonus(
      userId: string,
      request: ClaimBonusRequest,
    ): Promise<ClaimBonusResponse['data']> {
      const { row, message } = await claimPayout(userId, request.referral_bonus_id, request, {
        unknown: UNKNOWN_BONUS,
        payout: 'referral bonus',
        record: (claim) => claimReferralBonus(db, claim),
        amountOf: (bonus) => bonus.amount,
        whyNot: async (id) => {
          const bonus = await findReferralBonusOf(db, id, userId);
          if (!bonus) throw notFound(UNKNOWN_BONUS);
          if (bonus.claimedAt !== null) throw conflict(BONUS_ALREADY_CLAIMED);
        },
      });
      return { referral_bonus_id: row.id, payment_method: request.payment_method, message };
    },

    /** For the operator: prizes and bonuses claimed and not paid yet, oldest claim first. */
    async pendingClaims(): Promise<PendingClaim[]> {
      const payee = (phone: string | null) => (phone ? maskPhone(phone) : '(deleted)');
      const prizes = (await listPendingClaims(db)).map(({ prize, phone }): PendingClaim => ({
        kind: 'prize',
        id: prize.id,
        drawId: prize.drawId,
        amount: prize.prizeAmount,
        method: prize.paymentMethod ?? '',
        details: prize.paymentDetails ?? '',
        claimedAt: prize.claimedAt ?? prize.createdAt,
        payee: payee(phone),
      }));
      const bonuses = (await listPendingBonusClaims(db)).map(
        ({ bonus, drawId, phone }): PendingClaim => ({
          kind: 'referral bonus',
          id: bonus.id,
          drawId,
          amount: bonus.amount,
          method: bonus.paymentMethod ?? '',
          details: bonus.paymentDetails ?? '',
          claimedAt: bonus.claimedAt ?? bonus.createdAt,
          payee: payee(phone),
        }),
      );
      return [...prizes, ...bonuses].sort(
        (a, b) => a.claimedAt.getTime() - b.claimedAt.getTime() || a.id.localeCompare(b.id),
      );
    },

    /** For the operator: a claimed prize or referral bonus (named by its id) has been paid. */
    async markPaid(id: string): Promise<Payout> {
      if (!isUuid(id)) throw new OpsError(`Not a prize id: ${id}`);
      const at = now();
      const prize = await markGrandPrizePaid(db, id, at);
      if (prize) {
        return {
          kind: 'prize',
          id: prize.id,
          drawId: prize.drawId,
          amount: prize.prizeAmount,
          method: prize.paymentMethod ?? '',
          details: prize.paymentDetails ?? '',
        };
      }
      const bonus = await markReferralBonusPaid(db, id, at);
      if (bonus) {
        const drawId = (await findReferralBonus(db, id))?.drawId ?? 0;
        return {
          kind: 'referral bonus',
          id: bonus.id,
          drawId,
          amount: bonus.amount,
          method: bonus.paymentMethod ?? '',
          details: bonus.paymentDetails ?? '',
        };
      }
      const row = (await findGrandPrize(db, id)) ?? (await findReferralBonus(db, id))?.bonus;
      if (!row) throw new OpsError(`No prize ${id}`);
      const what = 'prizeAmount' in row ? `Prize ${id}` : `Referral bonus ${id}`;
      if (row.claimedAt === null) throw new OpsError(`${what} has not been claimed yet`);
      if (row.paidAt !== null) {
        throw new OpsError(`${what} was paid already, on ${row.paidAt.toISOString()}`);
      }
      throw new Error(`${what} was not marked paid`);
    },

    /**
     * For the operator: a cashier check on a prize not claimed yet. From then on the winner can
     * claim it only by Virtual Visa. Refused, with the reason, for anything else.
     */
    async setCashierCheck(
      id: string,
      check: { name: string; address: string },
    ): Promise<{ id: string; name: string; address: string }> {
      if (!isUuid(id)) throw new OpsError(`Not a prize id: ${id}`);
      const { name, address } = cashierCheckFields(check);
      const row = await putCashierCheck(db, { id, name, address });
      if (row) return { id: row.id, name, address };
      const prize = await findGrandPrize(db, id);
      if (!prize) throw new OpsError(`No prize ${id}`);
      if (prize.claimedAt !== null) {
        throw new OpsError(
          `Prize ${id} was claimed already (${prize.paymentMethod ?? 'method unknown'}): ` +
            'its payout method is chosen, so no cashier check can be put on it',
        );
      }
      if (!(await findActiveUserById(db, prize.userId))) {
        throw new OpsError(`The winner of prize ${id} has deleted their account`);
      }
      throw new Error(`no cashier check was put on prize ${id}`);
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
