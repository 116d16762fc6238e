// A stand-in for the API the winnings flow calls (the drawer, the prize claim, the contact
// form; see deferred-api.ts), and its answers.
import type {
  DrawEntryIdsResponse,
  DrawListResponse,
  DrawResponse,
  GrandPrize,
  GrandPrizeListResponse,
  PublicDraw,
  Reward,
} from '../../../contract/api';
import type {
  ContactRequest,
  ContactResponse,
  ContactThread,
  ContactThreadsResponse,
} from '../../../contract/contact';
import type { ClaimCouponResponse } from '../../../contract/rewards';
import type {
  ClaimBonusRequest,
  ClaimBonusResponse,
  ClaimPrizeRequest,
  ClaimPrizeResponse,
  CouponListResponse,
  PaymentChoicesResponse,
  ReferralBonus,
  ReferralBonusListResponse,
} from '../../../contract/winnings';
import type { ContactApi } from '../../../machines/winnings/contact-form.actors';
import type { PrizeClaimApi } from '../../../machines/winnings/prize-claim.actors';
import type { WinningsApi } from '../../../machines/winnings/winnings.actors';
import type { ApiFailure } from '../../../src/lib/api';
import { DeferredApi } from './deferred-api';

type WinningsCallName = keyof WinningsApi | keyof PrizeClaimApi | keyof ContactApi;

/** A failed call as a walk names it: no network, or the status and what the server said. */
export const failureName = ({ status, detail }: ApiFailure): string =>
  status === 0 ? 'no network' : `${status}${detail ? ` '${detail}'` : ''}`;

export function couponOf(id: string, couponType: string, value = 10): Reward {
  return {
    id,
    type: 'coupon_reward',
    attributes: {
      value,
      coupon_type: couponType,
      image_link: '/images/rewards/coupon.svg',
      link: null,
      kind: 'coupon',
      claimed: false,
    },
  };
}

/** A coupon claimed before: what claiming it gave, and its code where the offer has one. */
export function claimedCouponOf(
  id: string,
  couponType: string,
  value: number,
  claim: { message: string; code: string | null; link?: string | null },
): Reward {
  const coupon = couponOf(id, couponType, value);
  return {
    ...coupon,
    attributes: {
      ...coupon.attributes,
      link: claim.link ?? null,
      claimed: true,
      claim_message: claim.message,
      code: claim.code,
    },
  };
}

export function grandPrizeOf(id: string, amount = 500, claimed = false): GrandPrize {
  return {
    id,
    draw_id: 7,
    additional_info: { prize_amount: amount },
    cashier_check: null,
    claimed,
    created_at: '2026-11-24T20:00:00.000Z',
    payment_method: claimed ? 'PayPal' : null,
    paid: false,
  };
}

export function bonusOf(id: string, amount = 100): ReferralBonus {
  return {
    id,
    amount,
    created_at: '2026-11-24T20:00:00.000Z',
    claimed: false,
    payment_method: null,
    paid: false,
  };
}

/** A referral bonus claimed with `method`, paid or not yet. */
export function claimedBonusOf(
  id: string,
  amount: number,
  method: ReferralBonus['payment_method'],
  paid = false,
): ReferralBonus {
  return { ...bonusOf(id, amount), claimed: true, payment_method: method, paid };
}

let replyIds = 0;

/** A message of the player's and the operator's answers to it (`unread` ones not opened yet). */
export function threadOf(
  id: string,
  subject: string,
  message: string,
  replies: Array<{ text: string; unread: boolean }>,
): ContactThread {
  return {
    id,
    subject,
    message,
    created_at: '2026-11-24T18:00:00.000Z',
    replies: replies.map(({ text, unread }) => ({
      id: `r-${(replyIds += 1)}`,
      text,
      unread,
      created_at: '2026-11-25T09:30:00.000Z',
    })),
  };
}

export function choicesOf(prizeId: string, withCashierCheck = false): PaymentChoicesResponse {
  return {
    data: {
      grand_prize_id: prizeId,
      choices: withCashierCheck ? ['Virtual Visa'] : ['Venmo', 'PayPal', 'Virtual Visa'],
      cashier_check: withCashierCheck ? { name: 'Jane Doe', address: '1 Main St' } : null,
    },
  };
}

const never = () => new Promise<never>(() => undefined);

/** The winnings flow's calls as a model makes them: none ever answers (a path's events do). */
export const UNANSWERED_WINNINGS_API: WinningsApi & PrizeClaimApi & ContactApi = {
  coupons: never,
  grandPrizes: never,
  referralBonuses: never,
  claimCoupon: never,
  contactThreads: never,
  markContactThreadRead: never,
  click: never,
  myDraws: never,
  draw: never,
  drawEntryIds: never,
  paymentChoices: never,
  claimPrize: never,
  claimBonus: never,
  sendContactMessage: never,
};

export class FakeWinningsApi
  extends DeferredApi<WinningsCallName>
  implements WinningsApi, PrizeClaimApi, ContactApi
{
  coupons = () => this.call<CouponListResponse>('coupons');
  grandPrizes = () => this.call<GrandPrizeListResponse>('grandPrizes');
  referralBonuses = () => this.call<ReferralBonusListResponse>('referralBonuses');
  claimCoupon = (id: string) => this.call<ClaimCouponResponse>('claimCoupon', id);
  contactThreads = () => this.call<ContactThreadsResponse>('contactThreads');
  markContactThreadRead = (id: string) => this.call<unknown>('markContactThreadRead', id);
  click = (body: unknown) => this.call<{ message: string }>('click', body);
  myDraws = () => this.call<DrawListResponse>('myDraws');
  draw = (id: number) => this.call<DrawResponse>('draw', id);
  drawEntryIds = (id: number, after: number) =>
    this.call<DrawEntryIdsResponse>('drawEntryIds', { id, after });
  paymentChoices = (id: string) => this.call<PaymentChoicesResponse>('paymentChoices', id);
  claimPrize = (body: ClaimPrizeRequest) => this.call<ClaimPrizeResponse>('claimPrize', body);
  claimBonus = (body: ClaimBonusRequest) => this.call<ClaimBonusResponse>('claimBonus', body);
  sendContactMessage = (body: ContactRequest) =>
    this.call<ContactResponse>('sendContactMessage', body);

  constructor() {
    super();
    // The drawer lists the draws the player entered with the winnings: none, unless a test
    // says otherwise (`holding({ draws })`, or `answerByHand('myDraws')`).
    this.answerAlways('myDraws', () => Promise.resolve({ data: [] }));
  }

  /** Every list call answers at once with these winnings, and clicks are taken. */
  holding(winnings: {
    coupons?: Reward[];
    grandPrizes?: GrandPrize[];
    bonuses?: ReferralBonus[];
    threads?: ContactThread[];
    draws?: PublicDraw[];
  }) {
    this.answerAlways('coupons', () => Promise.resolve({ data: winnings.coupons ?? [] }));
    this.answerAlways('grandPrizes', () => Promise.resolve({ data: winnings.grandPrizes ?? [] }));
    this.answerAlways('referralBonuses', () => Promise.resolve({ data: winnings.bonuses ?? [] }));
    this.answerAlways('contactThreads', () => Promise.resolve({ data: winnings.threads ?? [] }));
    this.answerAlways('myDraws', () => Promise.resolve({ data: winnings.draws ?? [] }));
    this.answerAlways('click', () => Promise.resolve({ message: 'ok' }));
    return this;
  }
}
