// The winnings flow: the session passes on every address the player opens, and the flow shows
// the drawer (/winnings), the grand prize claim page (/grandPrize) or Contact Us
// (/form/has-problem), each run by its child machine. Run as in the app (the session's child,
// connected to the API as the app connects it), on a simulated clock, with a fake API.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type ActorRefFrom } from 'xstate';
import { CONTACT_SENT } from '../../contract/contact';
import type { AppEffect } from '../../machines/shared/effects';
import {
  DRAWER_ANIMATION_MS,
  DRAWER_OPEN_DELAY_MS,
} from '../../machines/winnings/winnings-drawer.machine';
import {
  CONTACT_US_PATH,
  GRAND_PRIZE_PAGE_METHODS,
  GRAND_PRIZE_PATH,
  TOAST_PRIZES_LOAD_FAILED,
  WINNINGS_PATH,
  type WinningsEvent,
} from '../../machines/winnings/winnings.machine';
import {
  selectContent,
  selectGrandPrizePage,
  selectModal,
  selectPanel,
} from '../../machines/winnings/winnings.selectors';
import { connectWinnings } from '../../src/features/winnings/winnings-logic';
import { ApiFailure } from '../../src/lib/api';
import {
  choicesOf,
  couponOf,
  FakeWinningsApi,
  grandPrizeOf,
} from '../model/helpers/winnings-fake-api';
import { standInRoot, standInScreen } from '../support/root-stand-in';
import { settle } from '../support/settle';
import { followRoutes } from './route-sync-miniature';

// Newest first, as the server lists them.
const NEWEST_CLAIMED = grandPrizeOf('p-3', 750, true);
const NEWER_UNCLAIMED = grandPrizeOf('p-2', 500);
const OLDEST_UNCLAIMED = grandPrizeOf('p-1', 250);

function start() {
  const api = new FakeWinningsApi();
  api.answerAlways('click', () => Promise.resolve({ message: 'ok' }));
  const clock = new SimulatedClock();
  const flow = connectWinnings(api);
  // How often the flow told the session /home shows (the session has the draw show it).
  let homeShown = 0;
  // The flow runs as the session's child, as in the app: the stand-in root passes on every
  // address opened, as the session does, and takes the flow's reports (machines/shared/root.ts).
  const session = createActor(
    standInRoot({
      id: 'winnings',
      logic: flow,
      forwarded: ['route.opened', 'account.deletionFailed'],
      heard: { 'session.homeShown': () => void (homeShown += 1) },
    }),
    { systemId: 'session', clock },
  );
  // What the root emits (the toasts of the flow, the drawer, the claim and the form).
  const emitted: AppEffect[] = [];
  session.on('toast', (effect: AppEffect) => void emitted.push(effect));
  // Where the root's screen took the address bar (the app's route sync, in miniature).
  const moves: string[] = [];
  const routes = followRoutes(session, (move) => void moves.push(move.to));
  session.start();
  const actor = session.getSnapshot().children.winnings as ActorRefFrom<typeof flow>;
  const snapshot = () => actor.getSnapshot();
  /** The player opens `path` (a tab, a link, Back): the session passes it on. */
  const open = (path: string) => {
    const opened = { type: 'route.opened', path };
    routes.opening(path, () => session.send(opened));
  };
  const send = (event: WinningsEvent) => actor.send(event);
  /** Where the flow's screens took the player. */
  const navigations = () => moves;
  /** How often the flow told the session that /home shows. */
  const homesShown = () => homeShown;
  const toasts = () =>
    emitted.flatMap((e) =>
      e.type === 'toast' ? [{ message: e.message, variant: e.variant }] : [],
    );
  const drawer = () => snapshot().children.winningsDrawer;
  const claim = () => snapshot().children.prizeClaim;
  const form = () => snapshot().children.contactForm;
  /** The route on display, as the flow reported it to the root. */
  const route = () => standInScreen(session.getSnapshot())?.route ?? null;
  return {
    api,
    clock,
    actor,
    snapshot,
    open,
    send,
    navigations,
    homesShown,
    toasts,
    drawer,
    claim,
    form,
    route,
  };
}

/** Lets the fake calls' answers reach the machines. */
describe('the winnings flow: which page shows', () => {
  it('shows nothing until one of its pages opens', () => {
    const winnings = start();
    expect(winnings.snapshot().value).toBe('awaitingRoute');
    expect(winnings.route()).toBeNull();
    winnings.open('/home');
    expect(winnings.snapshot().value).toBe('awaitingRoute');
    expect(winnings.api.calls).toEqual([]);
  });

  it('runs the drawer on /winnings, which slides down after 500 ms', () => {
    const winnings = start();
    winnings.open('/winnings');
    expect(winnings.snapshot().value).toBe('drawer');
    expect(winnings.route()).toBe(WINNINGS_PATH);
    expect(WINNINGS_PATH).toBe('/winnings');
    const drawer = winnings.drawer()!;
    expect(selectPanel(drawer.getSnapshot())).toBe('waiting');
    winnings.clock.increment(DRAWER_OPEN_DELAY_MS);
    winnings.clock.increment(DRAWER_ANIMATION_MS);
    expect(selectPanel(drawer.getSnapshot())).toBe('open');
    expect(winnings.api.count('coupons')).toBe(1);
  });

  it('stops the drawer when another screen opens', () => {
    const winnings = start();
    winnings.open('/winnings');
    const drawer = winnings.drawer()!;
    winnings.open('/home');
    expect(winnings.snapshot().value).toBe('awaitingRoute');
    expect(winnings.route()).toBeNull();
    expect(drawer.getSnapshot().status).toBe('stopped');
    expect(winnings.drawer()).toBeUndefined();
  });

  it('runs the contact form on /form/has-problem', () => {
    const winnings = start();
    winnings.open('/form/has-problem');
    expect(winnings.snapshot().value).toEqual({ contactUs: 'open' });
    expect(winnings.route()).toBe(CONTACT_US_PATH);
    expect(winnings.form()?.getSnapshot().value).toBe('editing');
  });

  it('loads the grand prizes on /grandPrize', () => {
    const winnings = start();
    winnings.open('/grandPrize');
    expect(winnings.snapshot().value).toEqual({ grandPrize: 'loading' });
    expect(selectGrandPrizePage(winnings.snapshot())).toBe('loading');
    expect(winnings.route()).toBe(GRAND_PRIZE_PATH);
    expect(GRAND_PRIZE_PATH).toBe('/grandPrize');
    expect(winnings.api.count('grandPrizes')).toBe(1);
    // The drawer's list is not loaded for this page.
    expect(winnings.api.count('coupons')).toBe(0);
  });

  it('names the route of every page, and none elsewhere', async () => {
    const winnings = start();
    const seen: Array<[string, string | null]> = [];
    for (const path of ['/winnings', '/grandPrize', '/form/has-problem', '/rules', '/winnings']) {
      winnings.open(path);
      seen.push([path, winnings.route()]);
    }
    expect(seen).toEqual([
      ['/winnings', '/winnings'],
      ['/grandPrize', '/grandPrize'],
      ['/form/has-problem', '/form/has-problem'],
      ['/rules', null],
      ['/winnings', '/winnings'],
    ]);
    // Every state of /grandPrize names it.
    winnings.open('/grandPrize');
    winnings.api.reject('grandPrizes', new ApiFailure(500, null));
    await settle();
    expect(selectGrandPrizePage(winnings.snapshot())).toBe('loadFailed');
    expect(winnings.route()).toBe('/grandPrize');
  });
});

describe('the winnings flow: the drawer moves on', () => {
  it('goes /home when the drawer closes, and shows nothing once /home opens', async () => {
    const winnings = start();
    winnings.api.holding({ coupons: [couponOf('c-1', 'Game Day Pizza')] });
    winnings.open('/winnings');
    await settle();
    winnings.clock.increment(DRAWER_OPEN_DELAY_MS);
    winnings.clock.increment(DRAWER_ANIMATION_MS);
    expect(selectContent(winnings.drawer()!.getSnapshot())).toBe('list');
    winnings.drawer()!.send({ type: 'drawer.close' });
    winnings.clock.increment(DRAWER_ANIMATION_MS);
    expect(winnings.navigations()).toEqual(['/home']);
    expect(winnings.homesShown()).toBe(1);
    winnings.open('/home');
    expect(winnings.snapshot().value).toBe('awaitingRoute');
  });

  it("goes to Contact Us from the drawer's button", async () => {
    const winnings = start();
    winnings.open('/winnings');
    winnings.drawer()!.send({ type: 'drawer.contactUs' });
    expect(winnings.navigations()).toEqual(['/form/has-problem']);
    await settle();
    winnings.open('/form/has-problem');
    expect(winnings.snapshot().value).toEqual({ contactUs: 'open' });
  });

  it('passes a failed deletion on to the drawer, which asks again', () => {
    const winnings = start();
    winnings.open('/winnings');
    const drawer = winnings.drawer()!;
    drawer.send({ type: 'drawer.askLogout' });
    drawer.getSnapshot().children.accountActions!.send({ type: 'account.deleteAccount' });
    drawer.getSnapshot().children.accountActions!.send({ type: 'account.confirmDeletion' });
    expect(selectModal(drawer.getSnapshot())).toBe('deletingAccount');
    winnings.send({ type: 'account.deletionFailed' });
    expect(selectModal(drawer.getSnapshot())).toBe('deleteAccount');
  });

  it('takes no news of a deletion while no drawer is open', () => {
    const winnings = start();
    winnings.open('/home');
    winnings.send({ type: 'account.deletionFailed' });
    expect(winnings.snapshot().value).toBe('awaitingRoute');
  });
});

describe('the winnings flow: /grandPrize', () => {
  it('claims the newest prize not claimed yet, with PayPal or Venmo', async () => {
    const winnings = start();
    winnings.open('/grandPrize');
    winnings.api.resolve('grandPrizes', {
      data: [NEWEST_CLAIMED, NEWER_UNCLAIMED, OLDEST_UNCLAIMED],
    });
    await settle();
    expect(winnings.snapshot().value).toEqual({ grandPrize: 'claiming' });
    expect(selectGrandPrizePage(winnings.snapshot())).toBe('claiming');
    expect(winnings.snapshot().context.prizeToClaim).toEqual(NEWER_UNCLAIMED);
    const claim = winnings.claim()!;
    expect(claim.getSnapshot().context.prizeId).toBe(NEWER_UNCLAIMED.id);
    expect(claim.getSnapshot().context.offered).toEqual(['PayPal', 'Venmo']);
    expect(GRAND_PRIZE_PAGE_METHODS).toEqual(['PayPal', 'Venmo']);
    // The server offers all three; the page shows the two it offers.
    expect(winnings.api.callsOf('paymentChoices')).toEqual([NEWER_UNCLAIMED.id]);
    winnings.api.resolve('paymentChoices', choicesOf(NEWER_UNCLAIMED.id));
    await settle();
    expect(claim.getSnapshot().context.choices).toEqual(['Venmo', 'PayPal']);
    expect(winnings.route()).toBe('/grandPrize');
  });

  it('says there is nothing to claim when every prize is claimed', async () => {
    const winnings = start();
    winnings.open('/grandPrize');
    winnings.api.resolve('grandPrizes', { data: [NEWEST_CLAIMED] });
    await settle();
    expect(selectGrandPrizePage(winnings.snapshot())).toBe('nothingToClaim');
    expect(winnings.claim()).toBeUndefined();
    expect(winnings.navigations()).toEqual([]);
  });

  it('says there is nothing to claim when there is no prize', async () => {
    const winnings = start();
    winnings.open('/grandPrize');
    winnings.api.resolve('grandPrizes', { data: [] });
    await settle();
    expect(selectGrandPrizePage(winnings.snapshot())).toBe('nothingToClaim');
  });

  it('says the prizes could not load, and loads them again on Try again', async () => {
    const winnings = start();
    winnings.send({ type: 'grandPrize.retry' });
    expect(winnings.api.count('grandPrizes')).toBe(0);
    winnings.open('/grandPrize');
    winnings.api.reject('grandPrizes', new ApiFailure(503, null));
    await settle();
    expect(selectGrandPrizePage(winnings.snapshot())).toBe('loadFailed');
    expect(winnings.toasts()).toEqual([{ message: TOAST_PRIZES_LOAD_FAILED, variant: 'error' }]);
    winnings.send({ type: 'grandPrize.retry' });
    expect(selectGrandPrizePage(winnings.snapshot())).toBe('loading');
    expect(winnings.api.count('grandPrizes')).toBe(2);
    winnings.api.resolve('grandPrizes', { data: [OLDEST_UNCLAIMED] });
    await settle();
    expect(winnings.snapshot().context.prizeToClaim).toEqual(OLDEST_UNCLAIMED);
    expect(winnings.toasts()).toHaveLength(1);
  });

  it('goes /home once the claim is done', async () => {
    const winnings = start();
    winnings.open('/grandPrize');
    winnings.api.resolve('grandPrizes', { data: [NEWER_UNCLAIMED] });
    await settle();
    const claim = winnings.claim()!;
    winnings.api.resolve('paymentChoices', choicesOf(NEWER_UNCLAIMED.id));
    await settle();
    claim.send({ type: 'claim.choose', method: 'Venmo' });
    claim.send({ type: 'claim.submit', details: '@jane-doe' });
    expect(winnings.api.callsOf('claimPrize')).toEqual([
      { grand_prize_id: NEWER_UNCLAIMED.id, payment_method: 'Venmo', handle: '@jane-doe' },
    ]);
    winnings.api.resolve('claimPrize', {
      data: { grand_prize_id: NEWER_UNCLAIMED.id, payment_method: 'Venmo', message: 'Sent' },
    });
    await settle();
    expect(claim.getSnapshot().value).toBe('claimed');
    expect(winnings.navigations()).toEqual([]);
    claim.send({ type: 'claim.close' });
    expect(winnings.navigations()).toEqual(['/home']);
    expect(winnings.homesShown()).toBe(1);
    winnings.open('/home');
    expect(winnings.snapshot().value).toBe('awaitingRoute');
    expect(winnings.route()).toBeNull();
  });

  it('loads the prizes afresh each time the page opens', async () => {
    const winnings = start();
    winnings.open('/grandPrize');
    winnings.api.resolve('grandPrizes', { data: [] });
    await settle();
    winnings.open('/home');
    winnings.open('/grandPrize');
    expect(selectGrandPrizePage(winnings.snapshot())).toBe('loading');
    expect(winnings.api.count('grandPrizes')).toBe(2);
  });
});

describe('the winnings flow: Contact Us', () => {
  it('goes /home once the message is sent', async () => {
    const winnings = start();
    winnings.open('/form/has-problem');
    winnings.form()!.send({ type: 'contact.submit', subject: 'Coupon', message: 'It is gone' });
    expect(winnings.api.callsOf('sendContactMessage')).toEqual([
      { subject: 'Coupon', message: 'It is gone' },
    ]);
    winnings.api.resolve('sendContactMessage', { message: 'ok' });
    await settle();
    expect(winnings.toasts()).toEqual([{ message: CONTACT_SENT, variant: 'success' }]);
    expect(winnings.navigations()).toEqual(['/home']);
    expect(winnings.homesShown()).toBe(1);
  });

  it('goes back to the drawer on Back, which opens afresh', () => {
    const winnings = start();
    winnings.open('/form/has-problem');
    winnings.form()!.send({ type: 'contact.back' });
    expect(winnings.navigations()).toEqual(['/winnings']);
    expect(winnings.homesShown()).toBe(0);
    expect(winnings.api.count('sendContactMessage')).toBe(0);
    winnings.open('/winnings');
    expect(winnings.snapshot().value).toBe('drawer');
    expect(selectPanel(winnings.drawer()!.getSnapshot())).toBe('waiting');
  });
});
