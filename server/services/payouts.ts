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
} from '../repositories/prizes';
import { couponsOf } from '../repositories/rewards';
import { findActiveUserById } from '../repositories/users';
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

export const UNKNOWN_BONUS = 'Unknown bonus';

/** Where the payout goes: the e-mail address, or the Venmo username with its '@'. */
function destinationOf(request: ClaimPrizeRequest | ClaimBonusRequest): string {
  return request.payment_method === 'Venmo'
    ? `@${request.handle.replace(/^@/, '')}`
    : request.email;
}

export function claimMessage(
  amount: number,
  method: PaymentMethod,
  destination: string,
  payout: PayoutKind = 'prize',
) {
  const what = `Your $${amount} ${payout}`;
  switch (method) {
    case 'PayPal':
      return `${what} will be sent to ${destination} by PayPal.`;
    case 'Venmo':
      return `${what} will be sent to ${destination} on Venmo.`;
    case 'Virtual Visa':
      return `${what} will be sent to ${destination} as a Virtual Visa card.`;
  }
}

/** What the operator pays: a winner's grand prize, or the bonus their win earned the inviter. */
export type PayoutKind = 'prize' | 'referral bonus';

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

/** The longest name and address a cashier check takes, in characters. */
export const CASHIER_CHECK_NAME_MAX = 200;
export const CASHIER_CHECK_ADDRESS_MAX = 500;
/** As the contract refuses them in payout addresses; an address may keep its line breaks. */
const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

const codePoint = (character: string) =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** One field of a cashier check as the operator typed it, trimmed, or why it is refused. */
function cashierCheckField(
  label: string,
  value: string,
  max: number,
  lineBreaks: 'allowed' | 'refused',
): string {
  let field = value.trim();
  if (lineBreaks === 'allowed') field = field.replace(/\r\n?/g, '\n');
  if (field === '') throw new OpsError(`The ${label} of a cashier check cannot be empty`);
  if ([...field].length > max) {
    throw new OpsError(`The ${label} of a cashier check is longer than ${max} characters`);
  }
  const hidden = [...field].find(
    (character) =>
      HIDDEN_CHARACTER.test(character) && !(lineBreaks === 'allowed' && character === '\n'),
  );
  if (hidden !== undefined) {
    throw new OpsError(
      `The ${label} of a cashier check cannot contain control or format characters ` +
        `(it has ${codePoint(hidden)})`,
    );
  }
  return field;
}

export function createPayoutService({ db, now }: ServiceContext) {
  /** A claim that met its player deleted answers as one without a session: the deletion ended it. */
  const stillHere = async (userId: string) => {
    if (!(await findActiveUserById(db, userId))) throw unauthorized();
  };
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
        await stillHere(userId);
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

    /**
     * Records the inviter's payout request for their bonus, as a prize's is recorded: once,
     * whatever races it. Another player's bonus is as unknown as one that does not exist.
     */
    async claimBonus(
      userId: string,
      request: ClaimBonusRequest,
    ): Promise<ClaimBonusResponse['data']> {
      const id = request.referral_bonus_id;
      if (!isUuid(id)) throw notFound(UNKNOWN_BONUS);
      const method = request.payment_method;
      const destination = destinationOf(request);
      const claimed = await claimReferralBonus(db, {
        id,
        inviterId: userId,
        paymentMethod: method,
        paymentDetails: destination,
        at: now(),
      });
      if (!claimed) {
        await stillHere(userId);
        const row = await findReferralBonusOf(db, id, userId);
        if (!row) throw notFound(UNKNOWN_BONUS);
        if (row.claimedAt !== null) throw conflict(BONUS_ALREADY_CLAIMED);
        throw new Error(`the claim of referral bonus ${id} was not recorded`);
      }
      return {
        referral_bonus_id: claimed.id,
        payment_method: method,
        message: claimMessage(claimed.amount, method, destination, 'referral bonus'),
      };
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
      const name = cashierCheckField('name', check.name, CASHIER_CHECK_NAME_MAX, 'refused');
      const address = cashierCheckField(
        'address',
        check.address,
        CASHIER_CHECK_ADDRESS_MAX,
        'allowed',
      );
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
