// The winnings flow's resting screens on a player's way through their winnings, each reached
// through the real signed-in app with the player's gestures and the server's answers: the
// drawer at /winnings listing a coupon, the coupon's code once claimed, /grandPrize offering
// PayPal or Venmo for the prize, and /home once the prize is claimed. At each the app is
// reloaded and the player goes Back (see helpers/reload-and-back.tsx): the same screen and what
// was claimed show after a reload, and Back lands where it stays, claiming nothing twice.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { GrandPrize, Reward } from '../../contract/api';
import {
  DRAWER_ANIMATION_MS,
  DRAWER_OPEN_DELAY_MS,
} from '../../machines/winnings/winnings-drawer.machine';
import { settle } from '../support/settle';
import { goTo, renderApp, screenLoaded, storeSignedInSession } from './helpers/app-harness';
import { reloadThenBack, reopenApp, WalkHistory } from './helpers/reload-and-back';
import { couponLabel } from './helpers/winnings-drawer-screen';
import { CODE_CLAIM, COUPON_CODE, PIZZA_5, PRIZE_500 } from './helpers/winnings-drawer-walks';
import {
  choicesOf,
  claimedCouponOf,
  FakeWinningsApi,
  grandPrizeOf,
} from './helpers/winnings-fake-api';

const PAYPAL_EMAIL = 'jane@example.com';
const CLAIMED_MESSAGE = `Your $500 prize will be sent to ${PAYPAL_EMAIL} by PayPal.`;

/** What the server holds for the player, across reloads, and the claims it received. */
type Server = {
  coupons: Reward[];
  grandPrizes: GrandPrize[];
  claims: { coupons: unknown[]; prizes: unknown[] };
};
type WinningsApp = {
  api: FakeWinningsApi;
  user: ReturnType<typeof userEvent.setup>;
  clock: SimulatedClock;
  unmount: () => void;
  server: Server;
};

/** The app (at /home, or where a reload finds it); a reloaded one's claims are counted. */
async function start(server: Server, reload: boolean): Promise<WinningsApp> {
  const clock = new SimulatedClock();
  const api = new FakeWinningsApi().holding(server);
  api.answerAlways('paymentChoices', () => Promise.resolve(choicesOf(PRIZE_500.id)));
  if (reload) {
    api.answerAlways('claimCoupon', () => {
      server.claims.coupons.push(api.callsOf('claimCoupon').at(-1));
      return Promise.resolve({ data: CODE_CLAIM });
    });
    api.answerAlways('claimPrize', () => {
      server.claims.prizes.push(api.callsOf('claimPrize').at(-1));
      return Promise.resolve({ data: { grand_prize_id: PRIZE_500.id, message: CLAIMED_MESSAGE } });
    });
  }
  const options = { clock, winningsApi: api };
  const app = reload ? reopenApp(options) : renderApp({ path: '/home', ...options });
  await screenLoaded();
  return { api, user: userEvent.setup(), clock, unmount: app.view.unmount, server };
}

/** The drawer slides up as /winnings opens. */
const slideUp = (app: WinningsApp) =>
  act(async () => {
    app.clock.increment(DRAWER_OPEN_DELAY_MS);
    app.clock.increment(DRAWER_ANIMATION_MS);
    await settle();
  });

/** The server answers the waiting claim, and remembers it. */
async function answerClaim(app: WinningsApp, call: 'claimCoupon' | 'claimPrize', data: unknown) {
  await waitFor(() => expect(app.api.isWaiting(call)).toBe(true));
  const claims = call === 'claimCoupon' ? app.server.claims.coupons : app.server.claims.prizes;
  claims.push(app.api.callsOf(call).at(-1));
  await act(async () => {
    app.api.resolve(call, { data });
    await settle();
  });
}

// ---- the way through: each step's gestures, then the screen it rests on ----------------------

type Stop = {
  says: string;
  walk: (app: WinningsApp) => Promise<void>;
  shows: (app: WinningsApp) => Promise<void>;
};

const JOURNEY: Stop[] = [
  {
    says: 'the drawer at /winnings, a coupon listed',
    walk: async () => {
      await goTo('/winnings');
      await screenLoaded();
    },
    shows: async (app) => {
      await slideUp(app);
      expect(window.location.pathname).toBe('/winnings');
      await screen.findByRole('button', { name: couponLabel(PIZZA_5) });
    },
  },
  {
    says: "the coupon's code, once claimed",
    walk: async (app) => {
      await app.user.click(screen.getByRole('button', { name: couponLabel(PIZZA_5) }));
      const modal = await screen.findByRole('dialog', { name: 'Claim coupon' });
      await app.user.click(within(modal).getByRole('button', { name: 'Claim' }));
      await answerClaim(app, 'claimCoupon', CODE_CLAIM);
      app.server.coupons = [claimedCouponOf(PIZZA_5.id, 'Game Day Pizza', 5, CODE_CLAIM)];
    },
    shows: async (app) => {
      await slideUp(app);
      expect(window.location.pathname).toBe('/winnings');
      // Claimed for good: under 'Claimed', with what claiming gave.
      const claimed = await screen.findByRole('region', { name: 'Claimed' });
      within(claimed).getByText(COUPON_CODE);
      expect(screen.queryByRole('button', { name: couponLabel(PIZZA_5) })).toBeNull();
    },
  },
  {
    says: 'Contact Us, opened from the drawer',
    walk: async (app) => {
      await app.user.click(screen.getByRole('button', { name: 'Contact Us' }));
    },
    shows: async () => {
      await waitFor(() => expect(window.location.pathname).toBe('/form/has-problem'));
      await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
      screen.getByLabelText('Subject');
    },
  },
  {
    says: '/grandPrize, the prize offered with PayPal or Venmo',
    walk: async () => {
      await goTo('/grandPrize');
      await screenLoaded();
    },
    shows: async () => {
      expect(window.location.pathname).toBe('/grandPrize');
      await screen.findByRole('heading', { level: 1, name: 'You won $500' });
      const methods = await screen.findByRole('group', { name: 'Payout method' });
      within(methods).getByRole('button', { name: 'Claim with PayPal' });
    },
  },
  {
    says: '/home, once the prize is claimed',
    walk: async (app) => {
      await app.user.click(screen.getByRole('button', { name: 'Claim with PayPal' }));
      await app.user.type(screen.getByLabelText('PayPal e-mail'), PAYPAL_EMAIL);
      await app.user.click(screen.getByRole('button', { name: 'Claim $500' }));
      await answerClaim(app, 'claimPrize', {
        grand_prize_id: PRIZE_500.id,
        payment_method: 'PayPal',
        message: CLAIMED_MESSAGE,
      });
      app.server.grandPrizes = [grandPrizeOf(PRIZE_500.id, 500, true)];
      await app.user.click(await screen.findByRole('button', { name: 'Done' }));
    },
    shows: async () => {
      await waitFor(() => expect(window.location.pathname).toBe('/home'));
      await screen.findByRole('button', { name: /Enter To Win/ });
    },
  },
];

// ---- a reload and Back at each stop ------------------------------------------------------------

describe('winnings, a reload and Back at every resting screen', () => {
  for (const [index, { says }] of JOURNEY.entries()) {
    it(says, async () => {
      storeSignedInSession({ isFirstTimeUser: false, isFirstQuestionnaire: false });
      const history = new WalkHistory();
      const server: Server = {
        coupons: [PIZZA_5],
        grandPrizes: [PRIZE_500],
        claims: { coupons: [], prizes: [] },
      };
      let app = await start(server, false);
      try {
        for (const stop of JOURNEY.slice(0, index + 1)) await stop.walk(app);
        app = await reloadThenBack(history, app, {
          expectScreen: (running) => JOURNEY[index]!.shows(running),
          reload: async (running) => {
            running.unmount();
            return start(running.server, true);
          },
          stepsDone: (running) => structuredClone(running.server.claims),
          afterBack: (_, running) => slideUp(running),
        });
      } finally {
        history.stop();
        app.unmount();
      }
    });
  }
});
