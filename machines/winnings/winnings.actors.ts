// The calls the winnings flow makes, as actors its machines invoke by id. The app builds them
// from the real API client; tests build them from fakes. A failed call reaches the chart as
// `xstate.error.actor.<id>` whose error carries the HTTP status and the server's detail.
import { fromPromise } from 'xstate';
import type {
  ClickEventName,
  GrandPrize,
  GrandPrizeListResponse,
  Reward,
} from '../../contract/api';
import type { ContactThread, ContactThreadsResponse } from '../../contract/contact';
import type { ClaimCouponResponse } from '../../contract/rewards';
import type {
  CouponListResponse,
  ReferralBonus,
  ReferralBonusListResponse,
} from '../../contract/winnings';

/** The part of the API client the drawer and the /grandPrize page call (src/lib/api.ts). */
export type WinningsApi = {
  coupons: () => Promise<CouponListResponse>;
  grandPrizes: () => Promise<GrandPrizeListResponse>;
  referralBonuses: () => Promise<ReferralBonusListResponse>;
  claimCoupon: (id: string) => Promise<ClaimCouponResponse>;
  contactThreads: () => Promise<ContactThreadsResponse>;
  markContactThreadRead: (id: string) => Promise<unknown>;
  click: (body: { click: { event_name: ClickEventName; page_url: string } }) => Promise<unknown>;
};

/** Everything the drawer lists. */
export type Winnings = {
  /** Coupons and gift cards, claimed ones too (a claimed coupon is the player's for good). */
  coupons: Reward[];
  grandPrizes: GrandPrize[];
  referralBonuses: ReferralBonus[];
};

/** What claiming a coupon gave: the code or delivery note, and the code alone where there is one. */
export type CouponClaim = { message: string; code: string | null };

export function createWinningsActors(api: WinningsApi) {
  return {
    loadWinnings: fromPromise<Winnings>(async () => {
      const [coupons, grandPrizes, referralBonuses] = await Promise.all([
        api.coupons(),
        api.grandPrizes(),
        api.referralBonuses(),
      ]);
      return {
        coupons: coupons.data,
        grandPrizes: grandPrizes.data,
        referralBonuses: referralBonuses.data,
      };
    }),
    loadGrandPrizes: fromPromise<GrandPrize[]>(async () => (await api.grandPrizes()).data),
    claimCoupon: fromPromise<CouponClaim, { id: string }>(async ({ input }) => {
      const { data } = await api.claimCoupon(input.id);
      return { message: data.message, code: data.code ?? null };
    }),
    // Only the conversations the operator has answered are shown.
    loadContactThreads: fromPromise<ContactThread[]>(async () =>
      (await api.contactThreads()).data.filter((thread) => thread.replies.length > 0),
    ),
    markThreadRead: fromPromise<void, { id: string }>(async ({ input }) => {
      await api.markContactThreadRead(input.id);
    }),
    // Analytics never get in the player's way: a failed click is dropped.
    logClick: fromPromise<void, { event: ClickEventName; pageUrl: string }>(async ({ input }) => {
      try {
        await api.click({ click: { event_name: input.event, page_url: input.pageUrl } });
      } catch {
        // Dropped on purpose.
      }
    }),
  };
}

export type WinningsActors = ReturnType<typeof createWinningsActors>;

const notConnected = (): Promise<never> =>
  Promise.reject(new Error('The winnings flow was started without an API.'));

/** Until the app provides the API every call fails, so the chart's error paths run. */
export const disconnectedWinningsActors = createWinningsActors({
  coupons: notConnected,
  grandPrizes: notConnected,
  referralBonuses: notConnected,
  claimCoupon: notConnected,
  contactThreads: notConnected,
  markContactThreadRead: notConnected,
  click: notConnected,
});
