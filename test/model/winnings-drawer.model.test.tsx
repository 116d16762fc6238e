// Generated paths through the winnings drawer (/winnings), walked through the real view: a
// simulated clock slides it down and back up, the player's finger pulls it by its grip, taps
// coupons, prizes, referral bonuses, the answers to their messages, Contact Us and Logout, the
// server answers the drawer's calls, and every state is checked against what the player sees. The drawer runs as the session's child (a stand-in
// session that takes the logout question), as in the app.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, onTestFinished, vi } from 'vitest';
import {
  assign,
  sendTo,
  setup,
  SimulatedClock,
  type ActorRefFrom,
  type AnyActorRef,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import type { Step } from 'xstate/graph';
import type { GrandPrize, Reward } from '../../contract/api';
import type { ContactThread } from '../../contract/contact';
import { ALREADY_CLAIMED } from '../../contract/rewards';
import type {
  ClaimBonusResponse,
  ClaimPrizeResponse,
  ReferralBonus,
} from '../../contract/winnings';
import type { AppEffect } from '../../machines/shared/effects';
import { createPrizeClaimActors } from '../../machines/winnings/prize-claim.actors';
import {
  prizeClaimMachine,
  type PrizeClaimOutput,
} from '../../machines/winnings/prize-claim.machine';
import {
  DELETE_ACCOUNT_WARNING,
  TOAST_COUPON_CLAIM_FAILED,
  TOAST_WINNINGS_LOAD_FAILED,
  winningsDrawerMachine,
  type WinningsDrawerEvent,
} from '../../machines/winnings/winnings-drawer.machine';
import {
  createWinningsActors,
  type CouponClaim,
  type Winnings,
} from '../../machines/winnings/winnings.actors';
import { SessionContext } from '../../src/app/session-context';
import { useSystemEffects } from '../../src/app/system-sync';
import { WinningsDrawer } from '../../src/features/winnings/WinningsDrawer';
import { ApiFailure } from '../../src/lib/api';
import { CoverageRecorder } from './helpers/coverage';
import {
  answerWhenWaiting,
  CurrentApp,
  describeGeneratedWalks,
  describeWalkCoverage,
  planWalks,
} from './helpers/generated-walks';
import { renderUnderSession } from './helpers/session-stand-in';
import { deviceViewport } from './helpers/device';
import { drag } from './helpers/entry-gestures';
import {
  bonusOf,
  choicesOf,
  claimedBonusOf,
  claimedCouponOf,
  couponOf,
  FakeWinningsApi,
  grandPrizeOf,
  threadOf,
  UNANSWERED_WINNINGS_API,
} from './helpers/winnings-fake-api';

// ---- the walks ---------------------------------------------------------------------------------

// The longest walks (everything won, a claim refused and the list loaded again, then a swipe)
// take 3 to 5 s on a busy machine: past the default 5 s they would fail for time, not behaviour.
vi.setConfig({ testTimeout: 15_000 });

const giftCardOf = (id: string, brand: string, value: number): Reward => {
  const coupon = couponOf(id, brand, value);
  return { ...coupon, attributes: { ...coupon.attributes, kind: 'gift_card' } };
};

const PIZZA_5 = couponOf('c-pizza-5', 'Game Day Pizza', 5);
const BASS_25 = giftCardOf('c-bass-25', 'Bass Pro Shops', 25);
const PIZZA_10 = couponOf('c-pizza-10', 'Game Day Pizza', 10);
const FANATICS_50 = giftCardOf('c-fanatics-50', 'Fanatics', 50);
const PRIZE_500 = grandPrizeOf('p-500', 500);
const PRIZE_250_CLAIMED = grandPrizeOf('p-250', 250, true);
const BONUS = bonusOf('b-100', 100);
const BONUS_PAID = claimedBonusOf('b-40', 40, 'PayPal', true);
const BONUS_CLAIMED = claimedBonusOf('b-60', 60, 'Venmo');
/** Claimed before: a code to copy and the offer's link; a gift card texted, nothing to copy. */
const FANATICS_KEPT = claimedCouponOf('c-fanatics-kept', 'Fanatics', 50, {
  message: 'Your code: FAN-50-OFF',
  code: 'FAN-50-OFF',
  link: 'https://www.fanatics.com/',
});
const PILOT_KEPT = claimedCouponOf('c-pilot-kept', 'Pilot Flying J', 25, {
  message: 'Your gift card will be texted to you.',
  code: null,
});

/** The operator's answers: one not opened yet (line breaks and markup kept as text), one read. */
const ANSWERED = threadOf('m-1', 'My coupon code', 'The code did not work.\nAt checkout.', [
  { text: 'Sorry about that!\nHere is a new one: <b>PIZZA-2</b>', unread: true },
  { text: 'Did it work?', unread: true },
]);
const READ_BEFORE = threadOf('m-2', 'Where is my prize?', 'It has been a week.', [
  { text: 'Sent today.', unread: false },
]);
const UNANSWERED = threadOf('m-3', 'Hello', 'Anyone there?', []);

const COUPON_CODE = 'Your code: GAMEDAY-5';
const CODE_CLAIM: CouponClaim = { message: COUPON_CODE, code: 'GAMEDAY-5' };
const NOTE_CLAIM: CouponClaim = { message: 'Your gift card will be texted to you.', code: null };
const PAYPAL_EMAIL = 'jane@example.com';
const PAYPAL_MESSAGE = `Your $500 prize will be sent to ${PAYPAL_EMAIL} by PayPal.`;
const UNKNOWN_REWARD = 'Unknown reward';

/** A claim the server refuses, and the toast the player is shown for it. */
type ClaimFailure = { error: ApiFailure; toast: string };

type Walk = {
  name: string;
  /** What the server lists. */
  winnings: Winnings;
  /** What claiming a coupon gives on this walk: a code, or a delivery note. */
  couponClaim: CouponClaim;
  /** How claiming a coupon can fail on this walk. */
  claimFailures: ClaimFailure[];
  /** The player's messages as the server lists them; null: they never arrive on this walk. */
  threads: ContactThread[] | null;
  /** The list may arrive while the drawer is still sliding down (else once it is down). */
  loadsWhileSliding: boolean;
  /** The drawer is closed (swipe, close control), Contact Us and Logout are tapped. */
  leaves: boolean;
  /** What the player does with a grand prize or bonus not claimed yet: claims it, or not. */
  prizeClaim: 'withPayPal' | 'later';
};

const WALKS: Walk[] = [
  {
    name: 'everything won',
    winnings: {
      coupons: [PIZZA_5, BASS_25, PIZZA_10, FANATICS_KEPT],
      grandPrizes: [PRIZE_500, PRIZE_250_CLAIMED],
      referralBonuses: [BONUS, BONUS_PAID],
    },
    couponClaim: CODE_CLAIM,
    threads: null,
    claimFailures: [
      { error: new ApiFailure(409, ALREADY_CLAIMED), toast: ALREADY_CLAIMED },
      { error: new ApiFailure(503, null), toast: TOAST_COUPON_CLAIM_FAILED },
    ],
    loadsWhileSliding: true,
    leaves: true,
    prizeClaim: 'withPayPal',
  },
  {
    name: 'nothing won yet',
    winnings: { coupons: [], grandPrizes: [], referralBonuses: [] },
    couponClaim: CODE_CLAIM,
    threads: null,
    claimFailures: [],
    loadsWhileSliding: false,
    leaves: false,
    prizeClaim: 'withPayPal',
  },
  {
    name: 'a last gift card',
    winnings: { coupons: [FANATICS_50], grandPrizes: [], referralBonuses: [] },
    couponClaim: NOTE_CLAIM,
    threads: null,
    claimFailures: [
      { error: new ApiFailure(404, UNKNOWN_REWARD), toast: UNKNOWN_REWARD },
      { error: new ApiFailure(503, null), toast: TOAST_COUPON_CLAIM_FAILED },
    ],
    loadsWhileSliding: false,
    leaves: false,
    prizeClaim: 'withPayPal',
  },
  // Each way a grand prize's modal closes walks on its own (they take the same transition).
  {
    name: 'a prize claimed before',
    winnings: { coupons: [], grandPrizes: [PRIZE_250_CLAIMED], referralBonuses: [] },
    couponClaim: CODE_CLAIM,
    threads: null,
    claimFailures: [],
    loadsWhileSliding: false,
    leaves: false,
    prizeClaim: 'withPayPal',
  },
  {
    name: 'a prize left for later',
    winnings: { coupons: [], grandPrizes: [PRIZE_500], referralBonuses: [] },
    couponClaim: CODE_CLAIM,
    threads: null,
    claimFailures: [],
    loadsWhileSliding: false,
    leaves: false,
    prizeClaim: 'later',
  },
  {
    name: 'a bonus left for later, one claimed with Venmo',
    winnings: { coupons: [], grandPrizes: [], referralBonuses: [BONUS, BONUS_CLAIMED] },
    couponClaim: CODE_CLAIM,
    threads: null,
    claimFailures: [],
    loadsWhileSliding: false,
    leaves: false,
    prizeClaim: 'later',
  },
  {
    name: 'a bonus claimed before',
    winnings: { coupons: [], grandPrizes: [], referralBonuses: [BONUS_CLAIMED] },
    couponClaim: CODE_CLAIM,
    threads: null,
    claimFailures: [],
    loadsWhileSliding: false,
    leaves: false,
    prizeClaim: 'withPayPal',
  },
  // Contact Us, the form and the answers, whether or not the answers and the winnings load.
  {
    name: 'answers to Contact Us',
    winnings: { coupons: [PILOT_KEPT], grandPrizes: [], referralBonuses: [] },
    couponClaim: CODE_CLAIM,
    threads: [ANSWERED, UNANSWERED, READ_BEFORE],
    claimFailures: [],
    loadsWhileSliding: false,
    leaves: true,
    prizeClaim: 'later',
  },
];

// ---- the model -------------------------------------------------------------------------------

const OPEN_DELAY_ENDS = 'xstate.after.openDelay.winningsDrawer.panel.waiting';
const SLIDE_DOWN_ENDS = 'xstate.after.animation.winningsDrawer.panel.opening';
const SLIDE_UP_ENDS = 'xstate.after.animation.winningsDrawer.panel.closing';
type TimeUp = typeof OPEN_DELAY_ENDS | typeof SLIDE_DOWN_ENDS | typeof SLIDE_UP_ENDS;

/** Spec section 9: the drawer opens 500 ms after the route, and slides for 500 ms. */
const TAKES: Record<TimeUp, number> = {
  [OPEN_DELAY_ENDS]: 500,
  [SLIDE_DOWN_ENDS]: 500,
  [SLIDE_UP_ENDS]: 500,
};

/** The phone's screen: a sixth of it is 140.67 px. */
const SCREEN_HEIGHT = deviceViewport().height;
const SHORT_PULL = 140;
const LONG_PULL = 141;

type DrawerModelEvent =
  | { type: TimeUp }
  | WinningsDrawerEvent
  | { type: 'xstate.done.actor.loadWinnings'; output: Winnings }
  | { type: 'xstate.error.actor.loadWinnings'; error: unknown }
  | { type: 'xstate.done.actor.claimCoupon'; output: CouponClaim }
  | { type: 'xstate.error.actor.claimCoupon'; error: ApiFailure }
  | { type: 'xstate.done.actor.prizeClaim'; output: PrizeClaimOutput }
  | { type: 'xstate.done.actor.loadContactThreads'; output: ContactThread[] }
  | { type: 'xstate.error.actor.loadContactThreads'; error: ApiFailure }
  | { type: 'xstate.done.actor.markThreadRead'; output: undefined }
  | { type: 'xstate.error.actor.markThreadRead'; error: ApiFailure };

// The model's calls never answer: each path's events say how they end.
const logic = winningsDrawerMachine.provide({
  actors: {
    ...createWinningsActors(UNANSWERED_WINNINGS_API),
    prizeClaim: prizeClaimMachine.provide({
      actors: createPrizeClaimActors(UNANSWERED_WINNINGS_API),
    }),
  },
});
type DrawerSnapshot = SnapshotFrom<typeof logic>;
type DrawerActor = ActorRefFrom<typeof logic>;

const LOAD_FAILURE = new ApiFailure(503, null);

/** Nothing claimed or taken off the list yet. */
const couponsAsLoaded = (snapshot: DrawerSnapshot, walk: Walk) =>
  JSON.stringify(snapshot.context.coupons) === JSON.stringify(walk.winnings.coupons);
const prizesAsLoaded = (snapshot: DrawerSnapshot, walk: Walk) =>
  JSON.stringify(snapshot.context.grandPrizes) === JSON.stringify(walk.winnings.grandPrizes);
const bonusesAsLoaded = (snapshot: DrawerSnapshot, walk: Walk) =>
  JSON.stringify(snapshot.context.referralBonuses) ===
  JSON.stringify(walk.winnings.referralBonuses);

/** The conversations the drawer lists: those the operator answered. */
const answeredOf = (walk: Walk) => (walk.threads ?? []).filter((t) => t.replies.length > 0);

/**
 * How a grand prize's or a bonus's claim ends: Done on one claimed before; on another, claimed
 * with PayPal or closed unclaimed, as the walk has it.
 */
function prizeOutcome(
  kind: PrizeClaimOutput['kind'],
  claimed: GrandPrize | ReferralBonus,
  walk: Walk,
): PrizeClaimOutput {
  if (claimed.claimed) {
    const method = claimed.payment_method as PrizeClaimOutput['paymentMethod'];
    return { kind, claimed: true, prizeId: claimed.id, paymentMethod: method };
  }
  if (walk.prizeClaim === 'withPayPal') {
    return { kind, claimed: true, prizeId: claimed.id, paymentMethod: 'PayPal' };
  }
  return { kind, claimed: false, prizeId: claimed.id, paymentMethod: null };
}

/**
 * What the player (and the server, and time) can do next. To keep the walk short the list is
 * left (a swipe, the close control, Contact Us, Logout) only as it loaded, with no modal up; a
 * coupon is selected only before anything changed, and the grand prize only with the coupons as
 * they loaded. A modal covers the drawer: nothing under it is tapped.
 */
function eventsFor(walk: Walk) {
  return (snapshot: DrawerSnapshot): DrawerModelEvent[] => {
    const { panel } = snapshot.value;
    const { context } = snapshot;
    const candidates: DrawerModelEvent[] = [
      { type: OPEN_DELAY_ENDS },
      { type: SLIDE_DOWN_ENDS },
      { type: SLIDE_UP_ENDS },
    ];
    const loads = panel === 'open' || (walk.loadsWhileSliding && panel !== 'closing');
    if (loads && panel !== 'closed') {
      candidates.push(
        { type: 'xstate.done.actor.loadWinnings', output: walk.winnings },
        { type: 'xstate.error.actor.loadWinnings', error: LOAD_FAILURE },
      );
    }
    if (panel !== 'open') return candidates;
    if (walk.threads !== null) {
      candidates.push(
        { type: 'xstate.done.actor.loadContactThreads', output: answeredOf(walk) },
        { type: 'xstate.error.actor.loadContactThreads', error: LOAD_FAILURE },
      );
    }

    const idle = snapshot.matches({ account: 'idle' });
    const noThread = context.openThreadId === null;
    const noModal =
      idle &&
      noThread &&
      (snapshot.matches({ content: 'loading' }) ||
        snapshot.matches({ content: 'loadFailed' }) ||
        snapshot.matches({ content: { ready: 'browsing' } }));
    const listed = snapshot.matches({ content: 'ready' });
    const asLoaded =
      !listed ||
      (couponsAsLoaded(snapshot, walk) &&
        prizesAsLoaded(snapshot, walk) &&
        bonusesAsLoaded(snapshot, walk));
    // The answers are left only once they have loaded or failed.
    const answersSettled = walk.threads === null || !snapshot.matches({ messages: 'loading' });
    if (noModal && asLoaded && answersSettled && walk.leaves) {
      candidates.push(
        { type: 'drawer.swipeEnded', distance: LONG_PULL, screenHeight: SCREEN_HEIGHT },
        { type: 'drawer.close' },
        { type: 'drawer.contactUs' },
        { type: 'drawer.askLogout' },
      );
    }
    candidates.push(
      { type: 'drawer.dismissLogout' },
      { type: 'drawer.logout' },
      { type: 'drawer.deleteAccount' },
      { type: 'drawer.confirmDeletion' },
      { type: 'drawer.dismissDeletion' },
      { type: 'account.deletionFailed' },
    );
    if (!idle) return candidates;

    // An open conversation covers the drawer: it is read, then closed.
    candidates.push(
      { type: 'drawer.closeThread' },
      { type: 'xstate.done.actor.markThreadRead', output: undefined },
      { type: 'xstate.error.actor.markThreadRead', error: LOAD_FAILURE },
    );
    if (!noThread) return candidates;
    if (noModal) {
      for (const thread of context.threads) {
        candidates.push({ type: 'drawer.openThread', id: thread.id });
      }
    }

    candidates.push({ type: 'drawer.retry' });
    const coupon = context.coupons.find((c) => c.attributes.claimed !== true);
    if (coupon && asLoaded) candidates.push({ type: 'drawer.selectCoupon', id: coupon.id });
    const [prize] = context.grandPrizes;
    if (prize && couponsAsLoaded(snapshot, walk) && bonusesAsLoaded(snapshot, walk)) {
      candidates.push({ type: 'drawer.selectPrize', id: prize.id });
    }
    const [bonus] = context.referralBonuses;
    if (bonus && asLoaded) candidates.push({ type: 'drawer.selectBonus', id: bonus.id });
    candidates.push(
      { type: 'drawer.claimCoupon' },
      { type: 'drawer.dismissCoupon' },
      { type: 'xstate.done.actor.claimCoupon', output: walk.couponClaim },
      ...walk.claimFailures.map(({ error }) => ({
        type: 'xstate.error.actor.claimCoupon' as const,
        error,
      })),
    );
    const selectedPrize = context.grandPrizes.find((p) => p.id === context.selectedPrizeId);
    if (selectedPrize && snapshot.matches({ content: { ready: 'claimingPrize' } })) {
      candidates.push({
        type: 'xstate.done.actor.prizeClaim',
        output: prizeOutcome('grandPrize', selectedPrize, walk),
      });
    }
    const selectedBonus = context.referralBonuses.find((b) => b.id === context.selectedBonusId);
    if (selectedBonus && snapshot.matches({ content: { ready: 'claimingBonus' } })) {
      candidates.push({
        type: 'xstate.done.actor.prizeClaim',
        output: prizeOutcome('referralBonus', selectedBonus, walk),
      });
    }
    return candidates;
  };
}

const serialize = (snapshot: DrawerSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    coupons: snapshot.context.coupons.map((coupon) => [coupon.id, coupon.attributes.claimed]),
    prizes: snapshot.context.grandPrizes.map((p) => [p.id, p.claimed, p.payment_method]),
    bonuses: snapshot.context.referralBonuses.map((b) => [b.id, b.claimed, b.payment_method]),
    selectedCouponId: snapshot.context.selectedCouponId,
    couponMessage: snapshot.context.couponMessage,
    couponCode: snapshot.context.couponCode,
    selectedPrizeId: snapshot.context.selectedPrizeId,
    selectedBonusId: snapshot.context.selectedBonusId,
    threads: snapshot.context.threads.map((t) => [t.id, t.replies.map((r) => r.unread)]),
    openThreadId: snapshot.context.openThreadId,
  });

function describeEvent(event: DrawerModelEvent): string {
  switch (event.type) {
    case OPEN_DELAY_ENDS:
      return '500 ms pass';
    case SLIDE_DOWN_ENDS:
      return 'it slides down';
    case SLIDE_UP_ENDS:
      return 'it slides up';
    case 'drawer.swipeEnded':
      return 'a swipe down';
    case 'drawer.close':
      return 'taps ×';
    case 'drawer.retry':
      return "taps 'Try again'";
    case 'drawer.selectCoupon':
      return `taps ${event.id}`;
    case 'drawer.claimCoupon':
      return "taps 'Claim'";
    case 'drawer.dismissCoupon':
      return "taps 'Close'";
    case 'drawer.selectPrize':
      return `taps 'You won' (${event.id})`;
    case 'drawer.selectBonus':
      return `taps the bonus ${event.id}`;
    case 'drawer.openThread':
      return `opens the answer to ${event.id}`;
    case 'drawer.closeThread':
      return 'closes the answer';
    case 'xstate.done.actor.loadContactThreads':
      return 'the answers load';
    case 'xstate.error.actor.loadContactThreads':
      return 'the answers fail';
    case 'xstate.done.actor.markThreadRead':
      return 'it is marked read';
    case 'xstate.error.actor.markThreadRead':
      return 'marking it read fails';
    case 'drawer.contactUs':
      return "taps 'Contact Us'";
    case 'drawer.askLogout':
      return "taps 'Logout'";
    case 'drawer.dismissLogout':
      return "taps 'Cancel'";
    case 'drawer.logout':
      return "confirms 'Logout'";
    case 'drawer.deleteAccount':
      return "taps 'Delete Account'";
    case 'drawer.confirmDeletion':
      return "taps 'Delete my account'";
    case 'drawer.dismissDeletion':
      return 'cancels the deletion';
    case 'account.deletionFailed':
      return 'the deletion fails';
    case 'xstate.done.actor.loadWinnings':
      return 'the list loads';
    case 'xstate.error.actor.loadWinnings':
      return 'the list fails';
    case 'xstate.done.actor.claimCoupon':
      return 'the coupon is claimed';
    case 'xstate.error.actor.claimCoupon':
      return `the claim fails (${event.error.status})`;
    case 'xstate.done.actor.prizeClaim': {
      const what = event.output.kind === 'grandPrize' ? 'prize' : 'bonus';
      return event.output.claimed ? `the ${what} claim is done` : `the ${what} claim is closed`;
    }
  }
}

const walks = planWalks(WALKS, (walk) => ({
  logic,
  events: eventsFor(walk),
  serialize,
  describeEvent,
  delays: TAKES,
}));
const coverage = new CoverageRecorder('winningsDrawer');

// ---- the running drawer, the session around it, and the view ----------------------------------

type Running = {
  walk: Walk;
  api: FakeWinningsApi;
  clock: SimulatedClock;
  user: ReturnType<typeof userEvent.setup>;
  drawer: DrawerActor | null;
  emitted: AppEffect[];
  /** What the session was asked. */
  heard: string[];
  /** The deletions the session could not carry out so far. */
  failedDeletions: number;
  /** The toasts the walk has caused so far, in order. */
  toasts: string[];
  /** The coupons selected so far (each logs gift_card_selected). */
  selections: number;
  unmount: () => void;
};

/** The session as the drawer sees it: found as 'session'; the logout question's answer. */
function sessionStandIn(drawer: typeof logic, heard: string[]) {
  return setup({
    types: {
      context: {} as { loading: boolean },
      events: {} as
        | { type: 'session.logout' }
        | { type: 'session.deleteAccount' }
        | { type: 'test.deletionFails' },
    },
    actors: { winningsDrawer: drawer },
  }).createMachine({
    id: 'session',
    context: { loading: false },
    invoke: { id: 'winningsDrawer', src: 'winningsDrawer' },
    on: {
      // As the session does: busy while it signs the player out.
      'session.logout': {
        actions: [({ event }) => void heard.push(event.type), assign({ loading: true })],
      },
      'session.deleteAccount': {
        actions: [({ event }) => void heard.push(event.type), assign({ loading: true })],
      },
      // As the session does when the server refuses: idle again, and the drawer told so.
      'test.deletionFails': {
        actions: [
          assign({ loading: false }),
          sendTo('winningsDrawer', { type: 'account.deletionFailed' }),
        ],
      },
    },
  });
}

/** /winnings as the signed-in app shows it: the drawer, toasts, navigation carried out. */
function DrawerScreen() {
  const root = SessionContext.useActorRef();
  useSystemEffects(root);
  const drawer = SessionContext.useSelector(
    (snapshot) =>
      (snapshot.children as Record<string, DrawerActor | undefined>).winningsDrawer ?? null,
  );
  return drawer ? <WinningsDrawer actor={drawer} /> : <></>;
}

function open(walk: Walk): Running {
  const api = new FakeWinningsApi();
  api.answerAlways('click', () => Promise.resolve({ message: 'ok' }));
  const running: Running = {
    walk,
    api,
    clock: new SimulatedClock(),
    user: userEvent.setup(),
    drawer: null,
    emitted: [],
    heard: [],
    failedDeletions: 0,
    toasts: [],
    selections: 0,
    unmount: () => undefined,
  };
  const drawer = logic.provide({
    actors: {
      ...createWinningsActors(api),
      prizeClaim: prizeClaimMachine.provide({ actors: createPrizeClaimActors(api) }),
    },
  });
  const inspect = (event: InspectionEvent) => {
    coverage.inspect(event);
    const ref = event.actorRef as AnyActorRef;
    if (event.type === '@xstate.actor' && ref.id === 'winningsDrawer') {
      running.drawer = ref as DrawerActor;
      ref.on('*', (effect: AppEffect) => void running.emitted.push(effect));
    }
  };
  window.history.replaceState(null, '', '/winnings');
  running.unmount = renderUnderSession(
    sessionStandIn(drawer, running.heard),
    { clock: running.clock, inspect },
    <DrawerScreen />,
  );
  return running;
}

const current = new CurrentApp<Running>('The drawer is not running.');
const app = current.get;
const drawerActor = current.part(({ drawer }) => drawer, 'The drawer has not started.');

// ---- what the player sees ----------------------------------------------------------------------

const button = (name: string | RegExp) => screen.getByRole('button', { name });
/** The drawer's own close control (×), on its grip. */
const closeControl = () =>
  within(screen.getByTestId('winnings-grip')).getByRole('button', { name: 'Close' });
const dialog = (name: string) => screen.getByRole('dialog', { name });
const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;
const dollars = (value: number) => `$${value}`;

const clicks = () =>
  app()
    .api.callsOf('click')
    .map((body) => (body as { click: { event_name: string; page_url: string } }).click);
const navigations = () => app().emitted.flatMap((e) => (e.type === 'navigate' ? [e.to] : []));
const emittedToasts = () => app().emitted.flatMap((e) => (e.type === 'toast' ? [e.message] : []));

/** The brands in the order of their first coupon, each with its unclaimed coupons in order. */
function byBrand(coupons: Reward[]): Array<[string, Reward[]]> {
  const brands: Array<[string, Reward[]]> = [];
  for (const coupon of coupons) {
    if (coupon.attributes.claimed === true) continue;
    const brand = coupon.attributes.coupon_type ?? 'Coupon';
    const group = brands.find(([name]) => name === brand);
    if (group) group[1].push(coupon);
    else brands.push([brand, [coupon]]);
  }
  return brands;
}

const couponLabel = (coupon: Reward) =>
  `${dollars(coupon.attributes.value)} ${coupon.attributes.kind === 'gift_card' ? 'gift card' : 'coupon'}`;

/** What a prize's or a bonus's button says, its status after: claimed with, then paid by. */
function payoutLabel(label: string, payout: GrandPrize | ReferralBonus): string {
  if (payout.paid) return `${label}Paid by ${payout.payment_method}`;
  return payout.claimed ? `${label}Claimed with ${payout.payment_method}` : label;
}
const prizeLabel = (prize: GrandPrize) =>
  payoutLabel(`You won ${dollars(prize.additional_info.prize_amount)}`, prize);
const bonusLabel = (bonus: ReferralBonus) =>
  payoutLabel(`${dollars(bonus.amount)} because a player you invited won`, bonus);

/** The list: the grand prizes, the coupons by brand, the referral bonuses; or the empty line. */
function expectList({ context }: DrawerSnapshot): void {
  const body = screen.getByTestId('winnings-drawer');
  const nothing = within(body).queryByText(/^Nothing here yet\./);
  const empty =
    context.coupons.length + context.grandPrizes.length + context.referralBonuses.length === 0;
  expect(nothing !== null).toBe(empty);
  expect(within(body).queryByText('Loading your winnings…')).toBeNull();
  expect(within(body).queryByRole('button', { name: 'Try again' })).toBeNull();
  const sections = within(body)
    .queryAllByRole('region')
    .map((section) => section.getAttribute('aria-label'));
  const brands = byBrand(context.coupons);
  const claimed = context.coupons.filter((coupon) => coupon.attributes.claimed === true);
  expect(sections).toEqual([
    ...(context.grandPrizes.length > 0 ? ['Grand prizes'] : []),
    ...brands.map(([brand]) => brand),
    ...(context.referralBonuses.length > 0 ? ['Referral bonuses'] : []),
    ...(claimed.length > 0 ? ['Claimed'] : []),
  ]);
  if (context.grandPrizes.length > 0) {
    const prizes = within(screen.getByRole('region', { name: 'Grand prizes' })).getAllByRole(
      'button',
    );
    expect(prizes.map((prize) => prize.textContent)).toEqual(context.grandPrizes.map(prizeLabel));
  }
  for (const [brand, coupons] of brands) {
    const section = screen.getByRole('region', { name: brand });
    within(section).getByRole('heading', { level: 2, name: brand });
    expect(
      within(section)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(coupons.map(couponLabel));
  }
  if (context.referralBonuses.length > 0) {
    const section = screen.getByRole('region', { name: 'Referral bonuses' });
    expect(
      within(section)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(context.referralBonuses.map(bonusLabel));
  }
  if (claimed.length > 0) expectClaimed(claimed);
}

/**
 * Under 'Claimed', each claimed coupon for good: brand, value, what claiming gave, the offer's
 * link in a new tab where there is one, and 'Copy code' only where there is a code.
 */
function expectClaimed(claimed: Reward[]): void {
  const section = screen.getByRole('region', { name: 'Claimed' });
  within(section).getByRole('heading', { level: 2, name: 'Claimed' });
  const items = within(section).getAllByRole('listitem');
  expect(items).toHaveLength(claimed.length);
  for (const [i, coupon] of claimed.entries()) {
    const item = items[i]!;
    const { coupon_type, claim_message, link, code } = coupon.attributes;
    within(item).getByText(coupon_type!);
    within(item).getByText(couponLabel(coupon));
    within(item).getByText(claim_message!);
    const links = within(item).queryAllByRole('link');
    expect(
      links.map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]),
    ).toEqual(link ? [[link, '_blank', 'noopener']] : []);
    expect(
      within(item)
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(code ? ['Copy code'] : []);
  }
}

/** The footer: Contact Us and its answers, the legal pages and Logout, whatever the list does. */
function expectFooter(): void {
  const footer = screen.getByRole('navigation', { name: 'Help and account' });
  within(footer).getByRole('button', { name: 'Contact Us' });
  expectAnswers();
  expect(
    within(footer)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  ).toEqual([
    ['Terms and Conditions', '/terms-and-conditions'],
    ['Privacy Policy', '/privacy-policy'],
    ['Official Rules', '/rules'],
  ]);
  within(footer).getByRole('button', { name: 'Logout' });
}

/** Under Contact Us, each answered message by its subject, 'New' while a reply is unread. */
function expectAnswers(): void {
  const { threads } = drawerActor().getSnapshot().context;
  const list = screen.queryByRole('list', { name: 'Answers to your messages' });
  if (threads.length === 0) {
    expect(list).toBeNull();
    return;
  }
  expect(
    within(list!)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(threads.map((t) => `${t.subject}${t.replies.some((r) => r.unread) ? 'New' : ''}`));
}

/** The conversation open: the player's message and the answers, as typed, never as markup. */
function expectConversation({ context }: DrawerSnapshot): void {
  const thread = context.threads.find((t) => t.id === context.openThreadId)!;
  const modal = dialog(thread.subject);
  const texts = [...modal.querySelectorAll('.winnings__text')].map((p) => p.textContent);
  expect(texts).toEqual([thread.message, ...thread.replies.map((r) => r.text)]);
  expect(modal.querySelector('b')).toBeNull();
  expect(
    within(modal)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Close']);
  expectAnswers();
}

/** Where the drawer is, as its class and data-panel say (the CSS slides it by them). */
function expectPanel(panel: DrawerSnapshot['value']['panel']): void {
  const main = screen.getByRole('main', { name: 'Winnings' });
  expect(main.className).toBe(`winnings winnings--${panel}`);
  expect(screen.getByTestId('winnings-drawer').getAttribute('data-panel')).toBe(panel);
  screen.getByRole('heading', { level: 1, name: 'WINNINGS' });
  closeControl();
}

/** my_winnings_viewed is logged once, from /winnings; then a click per coupon selected. */
async function expectClicks(): Promise<void> {
  await waitFor(() => {
    expect(clicks().filter((click) => click.event_name === 'gift_card_selected')).toHaveLength(
      app().selections,
    );
    const viewed = clicks().filter((click) => click.event_name === 'my_winnings_viewed');
    expect(viewed).toEqual([{ event_name: 'my_winnings_viewed', page_url: '/winnings' }]);
    expect(clicks()[0]).toEqual(viewed[0]);
    expect(clicks().every((click) => click.page_url === '/winnings')).toBe(true);
  });
}

const whileShown = (panel: DrawerSnapshot['value']['panel']) => async () => {
  expectPanel(panel);
  expect(navigations()).not.toContain('/home');
  await expectClicks();
};

/** The coupon whose claim modal is up, as the walk listed it. */
const selectedCoupon = ({ context }: DrawerSnapshot): Reward =>
  app().walk.winnings.coupons.find((coupon) => coupon.id === context.selectedCouponId)!;

function expectCouponModal(snapshot: DrawerSnapshot, claiming: boolean): void {
  const coupon = selectedCoupon(snapshot);
  const modal = dialog('Claim coupon');
  within(modal).getByText(coupon.attributes.coupon_type!);
  within(modal).getByText(dollars(coupon.attributes.value));
  within(modal).getByText('Claim it to see your code. A coupon can be claimed once.');
  const claim = within(modal).getByRole('button', { name: claiming ? 'Claiming…' : 'Claim' });
  expect(isDisabled(claim)).toBe(claiming);
  expect(isDisabled(within(modal).getByRole('button', { name: 'Close' }))).toBe(claiming);
  // Under the modal, the list as it was.
  expectList(snapshot);
}

const states: Record<string, (snapshot: DrawerSnapshot) => Promise<void> | void> = {
  // The drawer waits above the screen, slides down, is down.
  'panel.waiting': whileShown('waiting'),
  'panel.opening': whileShown('opening'),
  'panel.open': whileShown('open'),
  'panel.closing': whileShown('closing'),
  // Gone: the player is taken /home, once.
  'panel.closed': async () => {
    expectPanel('closed');
    expect(navigations().filter((to) => to === '/home')).toHaveLength(1);
    expect(navigations().at(-1)).toBe('/home');
    expect(window.location.pathname).toBe('/home');
    await expectClicks();
  },
  'content.loading': () => {
    expect(screen.getByText('Loading your winnings…').getAttribute('role')).toBe('status');
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByText(/^Nothing here yet\./)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expectFooter();
  },
  'content.loadFailed': () => {
    screen.getByText('Your winnings could not be loaded.');
    expect(isDisabled(button('Try again'))).toBe(false);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByText(/^Nothing here yet\./)).toBeNull();
    expect(emittedToasts()).toContain(TOAST_WINNINGS_LOAD_FAILED);
    expectFooter();
  },
  'content.ready.browsing': (snapshot) => {
    expectList(snapshot);
    expectFooter();
    // No modal, unless a conversation is open over the list.
    if (snapshot.matches({ account: 'idle' }) && snapshot.context.openThreadId === null) {
      expect(screen.queryByRole('dialog')).toBeNull();
    }
  },
  'content.ready.couponSelected': (snapshot) => expectCouponModal(snapshot, false),
  'content.ready.claimingCoupon': (snapshot) => {
    expectCouponModal(snapshot, true);
    expect(app().api.callsOf('claimCoupon').at(-1)).toBe(snapshot.context.selectedCouponId);
  },
  // What claiming gave, its code to copy (a delivery note has none); it is under 'Claimed' now.
  'content.ready.couponClaimed': (snapshot) => {
    const modal = dialog('Your coupon');
    const { couponClaim } = app().walk;
    expect(within(modal).getByTestId('coupon-message').textContent).toBe(couponClaim.message);
    expect(
      within(modal)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([...(couponClaim.code ? ['Copy'] : []), 'Close']);
    expect(screen.queryByRole('dialog', { name: 'Claim coupon' })).toBeNull();
    const claimed = within(screen.getByRole('region', { name: 'Claimed' }));
    claimed.getByText(couponLabel(selectedCoupon(snapshot)));
    expectList(snapshot);
  },
  // The prize claim in its modal: the amount, then how it loads the ways to be paid.
  'content.ready.claimingPrize': ({ context }) => {
    const prize = context.grandPrizes.find((p) => p.id === context.selectedPrizeId)!;
    const modal = dialog('Grand prize');
    within(modal).getByRole('heading', {
      level: 2,
      name: `You won ${dollars(prize.additional_info.prize_amount)}`,
    });
    if (prize.claimed) {
      within(modal).getByText(`Your prize will be paid by ${prize.payment_method}.`);
      within(modal).getByRole('button', { name: 'Done' });
      expect(within(modal).queryByRole('button', { name: 'Not now' })).toBeNull();
    } else {
      // The claim can be left for later.
      within(modal).getByText('Loading…');
      expect(isDisabled(within(modal).getByRole('button', { name: 'Not now' }))).toBe(false);
    }
  },
  // A referral bonus's claim in its modal: all three ways at once, or how it is paid.
  'content.ready.claimingBonus': ({ context }) => {
    const bonus = context.referralBonuses.find((b) => b.id === context.selectedBonusId)!;
    const modal = dialog('Referral bonus');
    within(modal).getByRole('heading', {
      level: 2,
      name: `${dollars(bonus.amount)} because a player you invited won`,
    });
    if (bonus.claimed) {
      within(modal).getByText(
        bonus.paid
          ? `Paid by ${bonus.payment_method}.`
          : `Your bonus will be paid by ${bonus.payment_method}.`,
      );
      expect(
        within(modal)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Done']);
    } else {
      expect(
        within(modal)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Venmo', 'PayPal', 'Virtual Visa', 'Not now']);
    }
  },
  // The answers to Contact Us: none listed while they load or when they cannot.
  'messages.loading': () => {
    expect(screen.queryByRole('list', { name: 'Answers to your messages' })).toBeNull();
    expectFooter();
  },
  'messages.unavailable': () => {
    expect(screen.queryByRole('list', { name: 'Answers to your messages' })).toBeNull();
    expect(emittedToasts()).toEqual(app().toasts);
    expectFooter();
  },
  'messages.listed.browsing': ({ context }) => {
    expectFooter();
    if (context.openThreadId === null) {
      for (const thread of context.threads) {
        expect(screen.queryByRole('dialog', { name: thread.subject })).toBeNull();
      }
    }
  },
  // Open and still 'New' until the server has it read.
  'messages.listed.markingRead': async (snapshot) => {
    expectConversation(snapshot);
    await waitFor(() => expect(app().api.isWaiting('markContactThreadRead')).toBe(true));
    expect(app().api.callsOf('markContactThreadRead').at(-1)).toBe(snapshot.context.openThreadId);
  },
  'messages.listed.reading': (snapshot) => expectConversation(snapshot),
  // Contact Us and Logout are there; the question is not; the session was asked nothing.
  'account.idle': () => {
    expect(screen.queryByText('Are you sure you want to logout?')).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Logout' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Delete Account' })).toBeNull();
    // Only deletions the session could not carry out were asked.
    expect(app().heard).toEqual(deletionsFailed());
    expectFooter();
    expect(emittedToasts()).toEqual(app().toasts);
  },
  'account.confirmingLogout': () => {
    const modal = dialog('Logout');
    within(modal).getByText('Are you sure you want to logout?');
    const answered = app().heard.length > app().failedDeletions;
    const choices = within(modal).getAllByRole('button');
    expect(choices.map((choice) => choice.textContent)).toEqual([
      'Logout',
      'Delete Account',
      'Cancel',
    ]);
    // While the session signs the player out, nothing more can be asked.
    expect(choices.map(isDisabled)).toEqual([answered, answered, answered]);
    expect(emittedToasts()).toEqual(app().toasts);
  },
  // Asked once more; nothing is deleted until 'Delete my account'.
  'account.confirmingDeletion': () => {
    expect(screen.queryByRole('dialog', { name: 'Logout' })).toBeNull();
    const modal = dialog('Delete Account');
    within(modal).getByText(DELETE_ACCOUNT_WARNING);
    const choices = within(modal).getAllByRole('button');
    expect(choices.map((choice) => choice.textContent)).toEqual(['Delete my account', 'Cancel']);
    expect(choices.map(isDisabled)).toEqual([false, false]);
    expect(app().heard).toEqual(deletionsFailed());
  },
  // The session deletes: the button shows it, and neither it nor Cancel can be pressed.
  'account.deletingAccount': () => {
    const modal = dialog('Delete Account');
    within(modal).getByText(DELETE_ACCOUNT_WARNING);
    const choices = within(modal).getAllByRole('button');
    expect(choices.map((choice) => choice.textContent)).toEqual([
      'Deleting your account…',
      'Cancel',
    ]);
    expect(choices.map(isDisabled)).toEqual([true, true]);
    expect(choices[0]!.getAttribute('aria-busy')).toBe('true');
    expect(app().heard).toEqual([...deletionsFailed(), 'session.deleteAccount']);
  },
};

/** What the session heard on a walk whose deletions so far all failed. */
const deletionsFailed = () =>
  Array.from({ length: app().failedDeletions }, () => 'session.deleteAccount');

// ---- the walk ----------------------------------------------------------------------------------

type DrawerStep = Step<DrawerSnapshot, DrawerModelEvent>;

async function arrive(expected: DrawerSnapshot): Promise<void> {
  await waitFor(() => expect(serialize(drawerActor().getSnapshot())).toBe(serialize(expected)));
}

async function tap(element: HTMLElement, step: DrawerStep): Promise<void> {
  await app().user.click(element);
  await arrive(step.state);
}

/** The drawer's time passes: not a millisecond early, and on time. */
async function timeUp(step: DrawerStep): Promise<void> {
  const { clock } = app();
  const ms = TAKES[step.event.type as TimeUp];
  const before = serialize(drawerActor().getSnapshot());
  const went = navigations().length;
  act(() => clock.increment(ms - 1));
  expect(serialize(drawerActor().getSnapshot())).toBe(before);
  expect(navigations()).toHaveLength(went);
  act(() => clock.increment(1));
  await arrive(step.state);
}

/** Waits for `call`, then answers it (and lets the answer reach the machines). */
const answerCall = (
  call:
    | 'coupons'
    | 'grandPrizes'
    | 'referralBonuses'
    | 'claimCoupon'
    | 'paymentChoices'
    | 'contactThreads'
    | 'markContactThreadRead',
  settle: (api: FakeWinningsApi) => void,
): Promise<void> => answerWhenWaiting(app().api, call, settle);

const toastShown = (text: string) => screen.findByText(text, {}, { timeout: 2000 });

/** The claim of a referral bonus, run through its modal as far as its outcome. */
async function endBonusClaim(output: PrizeClaimOutput): Promise<void> {
  const modal = dialog('Referral bonus');
  const { user, api } = app();
  if (!output.claimed) {
    await user.click(within(modal).getByRole('button', { name: 'Not now' }));
    return;
  }
  const bonus = drawerActor()
    .getSnapshot()
    .context.referralBonuses.find((b) => b.id === output.prizeId)!;
  if (!bonus.claimed) {
    await user.click(within(modal).getByRole('button', { name: 'PayPal' }));
    await user.type(within(modal).getByLabelText('PayPal e-mail'), PAYPAL_EMAIL);
    await user.click(within(modal).getByRole('button', { name: `Claim $${bonus.amount}` }));
    await waitFor(() => expect(api.isWaiting('claimBonus')).toBe(true));
    expect(api.callsOf('claimBonus').at(-1)).toEqual({
      referral_bonus_id: bonus.id,
      payment_method: 'PayPal',
      email: PAYPAL_EMAIL,
    });
    const message = `Your $${bonus.amount} bonus will be sent to ${PAYPAL_EMAIL} by PayPal.`;
    const answer: ClaimBonusResponse = {
      data: { referral_bonus_id: bonus.id, payment_method: 'PayPal', message },
    };
    await act(async () => {
      api.resolve('claimBonus', answer);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await within(modal).findByText(message);
  }
  await user.click(within(modal).getByRole('button', { name: 'Done' }));
}

/** The claim of a grand prize, run through its modal as far as its outcome. */
async function endPrizeClaim(output: PrizeClaimOutput): Promise<void> {
  const modal = dialog('Grand prize');
  const { user } = app();
  if (!output.claimed) {
    await user.click(within(modal).getByRole('button', { name: 'Not now' }));
    return;
  }
  const snapshot = drawerActor().getSnapshot();
  const prize = snapshot.context.grandPrizes.find((p) => p.id === output.prizeId)!;
  if (!prize.claimed) {
    await answerCall('paymentChoices', (api) => api.resolve('paymentChoices', choicesOf(prize.id)));
    // The modal offers all three ways.
    const methods = within(modal).getByRole('group', { name: 'Payout method' });
    expect(
      within(methods)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Venmo', 'PayPal', 'Virtual Visa']);
    await user.click(within(methods).getByRole('button', { name: 'PayPal' }));
    await user.type(within(modal).getByLabelText('PayPal e-mail'), PAYPAL_EMAIL);
    await user.click(within(modal).getByRole('button', { name: 'Claim $500' }));
    await waitFor(() => expect(app().api.isWaiting('claimPrize')).toBe(true));
    expect(app().api.callsOf('claimPrize').at(-1)).toEqual({
      grand_prize_id: prize.id,
      payment_method: 'PayPal',
      email: PAYPAL_EMAIL,
    });
    const answer: ClaimPrizeResponse = {
      data: { grand_prize_id: prize.id, payment_method: 'PayPal', message: PAYPAL_MESSAGE },
    };
    await act(async () => {
      app().api.resolve('claimPrize', answer);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await within(modal).findByText(PAYPAL_MESSAGE);
  }
  await user.click(within(modal).getByRole('button', { name: 'Done' }));
}

const executors = {
  [OPEN_DELAY_ENDS]: timeUp,
  [SLIDE_DOWN_ENDS]: timeUp,
  [SLIDE_UP_ENDS]: timeUp,
  'xstate.done.actor.loadWinnings': async (step) => {
    const { coupons, grandPrizes, referralBonuses } = app().walk.winnings;
    await answerCall('coupons', (api) => {
      api.resolve('coupons', { data: coupons });
      api.resolve('grandPrizes', { data: grandPrizes });
      api.resolve('referralBonuses', { data: referralBonuses });
    });
    await arrive(step.state);
  },
  'xstate.error.actor.loadWinnings': async (step) => {
    await answerCall('coupons', (api) => api.reject('coupons', LOAD_FAILURE));
    app().toasts.push(TOAST_WINNINGS_LOAD_FAILED);
    await arrive(step.state);
    await toastShown(TOAST_WINNINGS_LOAD_FAILED);
  },
  'drawer.retry': (step) => tap(button('Try again'), step),
  // The finger pulls the grip down (real touch pointer events through @use-gesture, which works
  // under jsdom): a sixth of the screen keeps it down, a pixel more closes it.
  'drawer.swipeEnded': async (step) => {
    const grip = screen.getByTestId('winnings-grip');
    await drag(app(), grip, 'touch', 0, SHORT_PULL);
    expect(drawerActor().getSnapshot().value.panel).toBe('open');
    expect(screen.getByTestId('winnings-drawer').getAttribute('data-panel')).toBe('open');
    await drag(app(), grip, 'touch', 0, LONG_PULL);
    await arrive(step.state);
  },
  'drawer.close': (step) => tap(closeControl(), step),
  'drawer.selectCoupon': async (step) => {
    const coupon = app().walk.winnings.coupons.find(
      (c) => step.event.type === 'drawer.selectCoupon' && c.id === step.event.id,
    )!;
    const section = screen.getByRole('region', { name: coupon.attributes.coupon_type! });
    app().selections += 1;
    await tap(within(section).getByRole('button', { name: couponLabel(coupon) }), step);
  },
  'drawer.claimCoupon': (step) =>
    tap(within(dialog('Claim coupon')).getByRole('button', { name: 'Claim' }), step),
  'drawer.dismissCoupon': (step) =>
    tap(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }), step),
  'xstate.done.actor.claimCoupon': async (step) => {
    const { message, code } = app().walk.couponClaim;
    // A delivery note comes without a code (an older server sends none at all).
    const data = code ? { message, code } : { message };
    await answerCall('claimCoupon', (api) => api.resolve('claimCoupon', { data }));
    await arrive(step.state);
  },
  'xstate.error.actor.claimCoupon': async (step) => {
    const failure = app().walk.claimFailures.find(
      ({ error }) =>
        step.event.type === 'xstate.error.actor.claimCoupon' && error === step.event.error,
    )!;
    await answerCall('claimCoupon', (api) => api.reject('claimCoupon', failure.error));
    app().toasts.push(failure.toast);
    await arrive(step.state);
    await toastShown(failure.toast);
  },
  'drawer.selectBonus': (step) => {
    const bonus = drawerActor().getSnapshot().context.referralBonuses[0]!;
    const bonuses = within(screen.getByRole('region', { name: 'Referral bonuses' })).getAllByRole(
      'button',
    );
    return tap(
      bonuses.find((shown) => shown.textContent === bonusLabel(bonus))!,
      step,
    );
  },
  'xstate.done.actor.loadContactThreads': async (step) => {
    const threads = app().walk.threads ?? [];
    await answerCall('contactThreads', (api) => api.resolve('contactThreads', { data: threads }));
    await arrive(step.state);
  },
  // Silent: the rest of the drawer works on.
  'xstate.error.actor.loadContactThreads': async (step) => {
    await answerCall('contactThreads', (api) => api.reject('contactThreads', LOAD_FAILURE));
    await arrive(step.state);
  },
  'drawer.openThread': (step) => {
    const thread = drawerActor()
      .getSnapshot()
      .context.threads.find(
        (t) => step.event.type === 'drawer.openThread' && t.id === step.event.id,
      )!;
    const list = screen.getByRole('list', { name: 'Answers to your messages' });
    const shown = within(list)
      .getAllByRole('button')
      .find((b) => b.textContent?.startsWith(thread.subject))!;
    return tap(shown, step);
  },
  'drawer.closeThread': (step) =>
    tap(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }), step),
  'xstate.done.actor.markThreadRead': async (step) => {
    await answerCall('markContactThreadRead', (api) =>
      api.resolve('markContactThreadRead', undefined),
    );
    await arrive(step.state);
  },
  'xstate.error.actor.markThreadRead': async (step) => {
    await answerCall('markContactThreadRead', (api) =>
      api.reject('markContactThreadRead', LOAD_FAILURE),
    );
    await arrive(step.state);
  },
  'drawer.selectPrize': (step) => {
    const prize = drawerActor().getSnapshot().context.grandPrizes[0]!;
    const prizes = within(screen.getByRole('region', { name: 'Grand prizes' })).getAllByRole(
      'button',
    );
    return tap(
      prizes.find((shown) => shown.textContent === prizeLabel(prize))!,
      step,
    );
  },
  'xstate.done.actor.prizeClaim': async (step) => {
    if (step.event.type !== 'xstate.done.actor.prizeClaim') return;
    if (step.event.output.kind === 'grandPrize') await endPrizeClaim(step.event.output);
    else await endBonusClaim(step.event.output);
    await arrive(step.state);
  },
  // Contact Us is logged and opened, whatever the list is doing.
  'drawer.contactUs': async (step) => {
    await tap(button('Contact Us'), step);
    expect(navigations()).toEqual(['/form/has-problem']);
    expect(window.location.pathname).toBe('/form/has-problem');
    await waitFor(() =>
      expect(clicks().at(-1)).toEqual({ event_name: 'has_problem_click', page_url: '/winnings' }),
    );
  },
  'drawer.askLogout': (step) =>
    tap(
      within(screen.getByRole('navigation', { name: 'Help and account' })).getByRole('button', {
        name: 'Logout',
      }),
      step,
    ),
  'drawer.dismissLogout': (step) =>
    tap(within(dialog('Logout')).getByRole('button', { name: 'Cancel' }), step),
  'drawer.logout': async (step) => {
    await tap(within(dialog('Logout')).getByRole('button', { name: 'Logout' }), step);
    expect(app().heard).toEqual(['session.logout']);
  },
  // Nothing is deleted yet: it asks once more.
  'drawer.deleteAccount': async (step) => {
    const asked = app().heard.length;
    await tap(within(dialog('Logout')).getByRole('button', { name: 'Delete Account' }), step);
    expect(app().heard).toHaveLength(asked);
  },
  // A second tap while it runs asks nothing more.
  'drawer.confirmDeletion': async (step) => {
    const confirm = within(dialog('Delete Account')).getByRole('button', {
      name: 'Delete my account',
    });
    await tap(confirm, step);
    await app().user.click(confirm);
    expect(app().heard).toEqual([...deletionsFailed(), 'session.deleteAccount']);
  },
  'drawer.dismissDeletion': (step) =>
    tap(within(dialog('Delete Account')).getByRole('button', { name: 'Cancel' }), step),
  'account.deletionFailed': async (step) => {
    app().failedDeletions += 1;
    act(() => {
      (drawerActor().system.get('session') as AnyActorRef).send({ type: 'test.deletionFails' });
    });
    await arrive(step.state);
  },
} satisfies Record<DrawerModelEvent['type'], (step: DrawerStep) => Promise<void>>;

/** The phone's screen height, which the drawer measures a swipe by, until the test ends. */
function onThePhone(): void {
  const screenHeight = window.innerHeight;
  Object.defineProperty(window, 'innerHeight', { value: SCREEN_HEIGHT, configurable: true });
  onTestFinished(() => {
    Object.defineProperty(window, 'innerHeight', { value: screenHeight, configurable: true });
  });
}

describeGeneratedWalks('the winnings drawer, generated paths through the view', {
  walks,
  start: (walk) => {
    onThePhone();
    return current.hold(open(walk), (running) => running.unmount());
  },
  arrive,
  events: executors,
  states,
});

describeWalkCoverage('the winnings drawer, coverage of the walk', {
  logic,
  states,
  coverage,
  chart: { states: 29, transitions: 36 },
});
