// The calls the winnings flow makes, as actors its machines invoke by id. The app builds them
// from the real API client; tests build them from fakes. A failed call reaches the chart as
// `xstate.error.actor.<id>` whose error carries the HTTP status and the server's detail.
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type {
  ClickEventName,
  DrawEntryIdsResponse,
  DrawListResponse,
  DrawResponse,
  GrandPrize,
  GrandPrizeListResponse,
  PublicDraw,
  Reward,
} from '../../contract/api';
import type { ContactThread, ContactThreadsResponse } from '../../contract/contact';
import type { ClaimCouponResponse } from '../../contract/rewards';
import type {
  CouponListResponse,
  ReferralBonus,
  ReferralBonusListResponse,
} from '../../contract/winnings';
import { toCallFailure } from '../shared/call-failure';
import { checkDraw } from '../shared/draw-verify';
import type { DrawCheckEvent } from './draw-record.types';

/** The part of the API client the drawer and the /grandPrize page call (src/lib/api.ts). */
export type WinningsApi = {
  coupons: () => Promise<CouponListResponse>;
  grandPrizes: () => Promise<GrandPrizeListResponse>;
  referralBonuses: () => Promise<ReferralBonusListResponse>;
  claimCoupon: (id: string) => Promise<ClaimCouponResponse>;
  contactThreads: () => Promise<ContactThreadsResponse>;
  markContactThreadRead: (id: string) => Promise<unknown>;
  click: (body: { click: { event_name: ClickEventName; page_url: string } }) => Promise<unknown>;
  /** The closed draws the player entered (GET draws?mine=true). */
  myDraws: () => Promise<DrawListResponse>;
  /** A draw's public record, with the player's entry ids. */
  draw: (id: number) => Promise<DrawResponse>;
  /** A closed draw's entry ids in id order, the page after `after`. */
  drawEntryIds: (id: number, after: number) => Promise<DrawEntryIdsResponse>;
};

/** Everything the drawer lists. */
export type Winnings = {
  /** Coupons and gift cards, claimed ones too (a claimed coupon is the player's for good). */
  coupons: Reward[];
  grandPrizes: GrandPrize[];
  referralBonuses: ReferralBonus[];
  /** The closed draws the player entered, newest first: each links to its record. */
  enteredDraws?: PublicDraw[];
};

/** What claiming a coupon gave: the code or delivery note, and the code alone where there is one. */
export type CouponClaim = { message: string; code: string | null };

export function createWinningsActors(api: WinningsApi) {
  return {
    loadWinnings: fromPromise<Winnings>(async () => {
      const [coupons, grandPrizes, referralBonuses, enteredDraws] = await Promise.all([
        api.coupons(),
        api.grandPrizes(),
        api.referralBonuses(),
        api.myDraws(),
      ]);
      return {
        coupons: coupons.data,
        grandPrizes: grandPrizes.data,
        referralBonuses: referralBonuses.data,
        enteredDraws: enteredDraws.data,
      };
    }),
    // /draws/{id}: the record, then every published entry id page by page (the progress after
    // each), then the check on this phone; a draw still open has nothing to check yet.
    checkDrawRecord: fromCallback<EventObject, { id: number }>(({ input, sendBack }) => {
      let stopped = false;
      const tell = (event: DrawCheckEvent) => {
        if (!stopped) sendBack(event);
      };
      const failed = (error: unknown) => {
        const { status } = toCallFailure(error);
        tell({
          type: 'drawRecord.failed',
          failure: status === 404 || status === 422 ? 'notFound' : 'unavailable',
        });
      };
      void (async () => {
        let draw: PublicDraw;
        try {
          draw = (await api.draw(input.id)).data;
        } catch (error) {
          failed(error);
          return;
        }
        if (draw.status === 'open') {
          tell({ type: 'drawRecord.stillOpen', draw });
          return;
        }
        tell({ type: 'drawRecord.loaded', draw });
        const entryIds: number[] = [];
        try {
          let after: number | null = 0;
          while (after !== null && !stopped) {
            const page: DrawEntryIdsResponse = await api.drawEntryIds(input.id, after);
            for (const id of page.data) entryIds.push(id);
            after = page.next_after;
            if (after !== null) tell({ type: 'drawRecord.progress', read: entryIds.length });
          }
        } catch (error) {
          failed(error);
          return;
        }
        if (stopped) return;
        tell({ type: 'drawRecord.checked', differences: await checkDraw(draw, entryIds) });
      })();
      return () => {
        stopped = true;
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
  myDraws: notConnected,
  draw: notConnected,
  drawEntryIds: notConnected,
});
