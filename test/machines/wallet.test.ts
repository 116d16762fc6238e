import { followRoutes } from './route-sync-miniature';
import { describe, expect, it } from 'vitest';
import { createActor, type ActorRefFrom, type AnyEventObject } from 'xstate';
import { ROOT_ID, standInRoot } from '../support/root-stand-in';
import type { SlidesContext, SlidesEvent } from '../../machines/shared/slides.machine';
import { runningChain, screenCan, sendToScreen } from './running-steps';
import { createWalletActors } from '../../machines/wallet/wallet.actors';
import {
  TOAST_ENTER_FAILED,
  TOAST_LOAD_FAILED,
  WALLET_SLIDE_COUNT,
  walletMachine,
  type WalletEmitted,
  type WalletEvent,
  type WalletPath,
} from '../../machines/wallet/wallet.machine';
import {
  selectCanAddTicket,
  selectCanEnterAll,
  selectCanRemoveTicket,
  selectCount,
  selectTicketsScreen,
} from '../../machines/wallet/wallet.selectors';
import { ApiFailure } from '../../src/lib/api';
import { WALLET_SLIDES } from '../../src/features/wallet/slides';
import { entriesAnswer, FakeWalletApi, walletAnswer } from '../model/helpers/wallet-fake-api';
import { settle } from '../support/settle';

const LAST_WALLET_SLIDE_INDEX = WALLET_SLIDE_COUNT - 1;

function start(hasSeenInstructions = false) {
  const api = new FakeWalletApi();
  // The wallet runs as the session's child, as in the app, under a stand-in root that emits what
  // the wallet asks for and hears what it tells the session.
  const toSession: AnyEventObject[] = [];
  const root = createActor(
    standInRoot({
      id: 'wallet',
      logic: walletMachine.provide({ actors: createWalletActors(api) }),
      input: { hasSeenInstructions },
      heard: { 'session.instructionsSeen': (event) => void toSession.push(event) },
    }),
    { systemId: ROOT_ID },
  );
  const emitted: WalletEmitted[] = [];
  root.on('*', (effect) => void emitted.push(effect as WalletEmitted));
  root.start();
  const actor = root.getSnapshot().children.wallet as ActorRefFrom<typeof walletMachine>;
  const moves: { to: string; replace: true | undefined }[] = [];
  const routes = followRoutes(root, (move) =>
    moves.push({ to: move.to, replace: move.replace ? true : undefined }),
  );
  const open = (path: WalletPath | '/home') =>
    routes.opening(path, () => actor.send({ type: 'route.opened', path }));
  // A slide gesture reaches the slides the screen shows; the rest, the wallet.
  const send = (event: WalletEvent | SlidesEvent) => sendToScreen(actor, event);
  const can = (event: SlidesEvent) => screenCan(actor, event);
  const slides = () =>
    runningChain(actor).at(-1)!.getSnapshot() as unknown as { context: SlidesContext };
  const snapshot = () => actor.getSnapshot();
  const toasts = () =>
    emitted.flatMap((e) =>
      e.type === 'toast' ? [{ message: e.message, variant: e.variant }] : [],
    );
  const navigations = () => moves;
  // The session hears it, and keeps it across visits.
  const seen = () =>
    toSession.filter((e) => e.type === 'session.instructionsSeen' && e.instructions === 'wallet')
      .length;
  return { actor, api, emitted, open, send, can, slides, snapshot, toasts, navigations, seen };
}

/** Lets the fake calls' answers reach the machine. */
async function holding(tickets: number, entries = 0) {
  const wallet = start(true);
  wallet.open('/wallet-token');
  wallet.api.resolve('wallet', walletAnswer(tickets, entries));
  await settle();
  return wallet;
}

describe('wallet: the instruction slides on /wallet', () => {
  it('has as many slide texts as the machine has slides', () => {
    expect(WALLET_SLIDES).toHaveLength(WALLET_SLIDE_COUNT);
  });

  it('waits for a page to say which one is open', () => {
    expect(start().snapshot().value).toBe('awaitingRoute');
  });

  it('shows the first slide when the instructions were never seen', () => {
    const wallet = start();
    wallet.open('/wallet');
    expect(wallet.snapshot().value).toBe('instructions');
    expect(wallet.slides().context.index).toBe(0);
    expect(wallet.navigations()).toEqual([]);
  });

  it('moves to the next slide with the forward arrow', () => {
    const wallet = start();
    wallet.open('/wallet');
    wallet.send({ type: 'slides.next' });
    expect(wallet.slides().context.index).toBe(1);
    wallet.send({ type: 'slides.next' });
    expect(wallet.slides().context.index).toBe(2);
    expect(wallet.snapshot().value).toBe('instructions');
  });

  it('goes back a slide with a swipe right, never before the first', () => {
    const wallet = start();
    wallet.open('/wallet');
    expect(wallet.can({ type: 'slides.previous' })).toBe(false);
    wallet.send({ type: 'slides.next' });
    wallet.send({ type: 'slides.previous' });
    expect(wallet.slides().context.index).toBe(0);
  });

  it('goes to /wallet-token from the last slide and remembers the instructions were seen', () => {
    const wallet = start();
    wallet.open('/wallet');
    for (let i = 0; i < LAST_WALLET_SLIDE_INDEX; i++) wallet.send({ type: 'slides.next' });
    expect(wallet.slides().context.index).toBe(LAST_WALLET_SLIDE_INDEX);
    expect(wallet.navigations()).toEqual([]);
    // The arrow on the last slide (and a swipe forward past the end, the same event). The slides
    // are seen once: /wallet-token replaces /wallet, so Back leaves the wallet.
    wallet.send({ type: 'slides.next' });
    expect(wallet.navigations()).toEqual([{ to: '/wallet-token', replace: true }]);
    expect(wallet.seen()).toBe(1);
    expect(wallet.snapshot().context.hasSeenInstructions).toBe(true);
    expect(wallet.snapshot().value).toEqual({ tickets: 'loading' });
  });

  it('goes to /wallet-token on an upward swipe from any slide, instructions seen', () => {
    const wallet = start();
    wallet.open('/wallet');
    wallet.send({ type: 'slides.next' });
    wallet.send({ type: 'slides.finish' });
    expect(wallet.navigations()).toEqual([{ to: '/wallet-token', replace: true }]);
    expect(wallet.seen()).toBe(1);
    expect(wallet.snapshot().value).toEqual({ tickets: 'loading' });
  });

  it('shows nothing once the player opens another screen, and starts again on return', () => {
    const wallet = start();
    wallet.open('/wallet');
    wallet.send({ type: 'slides.next' });
    wallet.open('/home');
    expect(wallet.snapshot().value).toBe('awaitingRoute');
    wallet.open('/wallet');
    expect(wallet.slides().context.index).toBe(0);
    expect(wallet.navigations()).toEqual([]);
  });

  it('redirects /wallet straight to /wallet-token when the instructions were already seen', () => {
    const wallet = start(true);
    wallet.open('/wallet');
    expect(wallet.navigations()).toEqual([{ to: '/wallet-token', replace: true }]);
    expect(wallet.snapshot().value).toEqual({ tickets: 'loading' });
    // Nothing is remembered twice.
    expect(wallet.seen()).toBe(0);
  });

  it('redirects a later visit to /wallet once the slides were finished', () => {
    const wallet = start();
    wallet.open('/wallet');
    wallet.send({ type: 'slides.finish' });
    wallet.open('/wallet-token');
    wallet.open('/wallet');
    expect(wallet.navigations()).toEqual([
      { to: '/wallet-token', replace: true },
      { to: '/wallet-token', replace: true },
    ]);
  });

  it('loads the tickets once when it moves to /wallet-token by itself', async () => {
    // The app's arrival at the route the machine moved to is not the player opening it: the
    // route sync sends no `route.opened`, so nothing is loaded twice.
    const wallet = start();
    wallet.open('/wallet');
    wallet.send({ type: 'slides.finish' });
    await settle();
    expect(wallet.navigations()).toEqual([{ to: '/wallet-token', replace: true }]);
    expect(wallet.api.callsOf('wallet')).toHaveLength(1);
  });
});

describe('wallet: tickets on /wallet-token', () => {
  it('loads the tickets held and the entries already in today’s draw', async () => {
    const wallet = start();
    wallet.open('/wallet-token');
    expect(selectTicketsScreen(wallet.snapshot())).toBe('loading');
    wallet.api.resolve('wallet', walletAnswer(3, 1));
    await settle();
    expect(wallet.snapshot().value).toEqual({ tickets: 'choosing' });
    expect(wallet.snapshot().context).toMatchObject({
      tickets: 3,
      entriesInCurrentDraw: 1,
      currentDrawId: 42,
      count: 1,
    });
  });

  it('shows the empty wallet when no ticket is held', async () => {
    const wallet = await holding(0, 1);
    expect(selectTicketsScreen(wallet.snapshot())).toBe('empty');
    expect(wallet.snapshot().can({ type: 'tickets.enter' })).toBe(false);
  });

  it('says when the wallet could not be loaded, and loads again on Try again', async () => {
    const wallet = start();
    wallet.open('/wallet-token');
    wallet.api.reject('wallet', new ApiFailure(500, null));
    await settle();
    expect(selectTicketsScreen(wallet.snapshot())).toBe('loadFailed');
    expect(wallet.toasts()).toEqual([{ message: TOAST_LOAD_FAILED, variant: 'error' }]);
    wallet.send({ type: 'tickets.retry' });
    expect(wallet.snapshot().value).toEqual({ tickets: 'loading' });
    expect(wallet.api.callsOf('wallet')).toHaveLength(2);
  });

  it('keeps the stepper between 1 and the tickets held', async () => {
    const wallet = await holding(3);
    const s = wallet.snapshot;
    expect(selectCount(s())).toBe(1);
    expect(selectCanRemoveTicket(s())).toBe(false);
    wallet.send({ type: 'tickets.decrement' });
    expect(selectCount(s())).toBe(1);
    wallet.send({ type: 'tickets.increment' });
    wallet.send({ type: 'tickets.increment' });
    expect(selectCount(s())).toBe(3);
    expect(selectCanAddTicket(s())).toBe(false);
    wallet.send({ type: 'tickets.increment' });
    expect(selectCount(s())).toBe(3);
    wallet.send({ type: 'tickets.decrement' });
    expect(selectCount(s())).toBe(2);
  });

  it('offers neither more nor Enter all to a player holding one ticket', async () => {
    const wallet = await holding(1);
    expect(selectCanAddTicket(wallet.snapshot())).toBe(false);
    expect(selectCanEnterAll(wallet.snapshot())).toBe(false);
  });

  it('enters one ticket, toasts, and counts it', async () => {
    const wallet = await holding(3, 1);
    wallet.send({ type: 'tickets.enter' });
    expect(wallet.snapshot().value).toEqual({ tickets: 'entering' });
    expect(wallet.api.callsOf('enterWalletTickets')).toEqual([1]);
    // No second press while the first is under way.
    expect(wallet.snapshot().can({ type: 'tickets.enter' })).toBe(false);
    wallet.api.resolve('enterWalletTickets', entriesAnswer(1, 2));
    await settle();
    expect(wallet.toasts()).toEqual([
      { message: "1 ticket entered in today's draw", variant: 'success' },
    ]);
    expect(wallet.snapshot().value).toEqual({ tickets: 'choosing' });
    expect(wallet.snapshot().context).toMatchObject({
      tickets: 2,
      entriesInCurrentDraw: 2,
      count: 1,
    });
  });

  it('enters the chosen number of tickets', async () => {
    const wallet = await holding(5);
    wallet.send({ type: 'tickets.increment' });
    wallet.send({ type: 'tickets.increment' });
    wallet.send({ type: 'tickets.enter' });
    expect(wallet.api.callsOf('enterWalletTickets')).toEqual([3]);
    wallet.api.resolve('enterWalletTickets', entriesAnswer(3, 2));
    await settle();
    expect(wallet.toasts()[0]?.message).toBe("3 tickets entered in today's draw");
    expect(wallet.snapshot().context).toMatchObject({ tickets: 2, entriesInCurrentDraw: 3 });
  });

  it('enters all tickets at once and shows the empty wallet', async () => {
    const wallet = await holding(4, 1);
    wallet.send({ type: 'tickets.enterAll' });
    expect(wallet.api.callsOf('enterWalletTickets')).toEqual([4]);
    wallet.api.resolve('enterWalletTickets', entriesAnswer(4, 0));
    await settle();
    expect(wallet.toasts()).toEqual([
      { message: "4 tickets entered in today's draw", variant: 'success' },
    ]);
    expect(selectTicketsScreen(wallet.snapshot())).toBe('empty');
    expect(wallet.snapshot().context.entriesInCurrentDraw).toBe(5);
  });

  it('shows the server’s reason for a 422 and reloads what is held', async () => {
    const wallet = await holding(3);
    wallet.send({ type: 'tickets.enterAll' });
    wallet.api.reject('enterWalletTickets', new ApiFailure(422, 'You hold only 2 tickets'));
    await settle();
    expect(wallet.toasts()).toEqual([{ message: 'You hold only 2 tickets', variant: 'error' }]);
    expect(wallet.snapshot().value).toEqual({ tickets: 'loading' });
    wallet.api.resolve('wallet', walletAnswer(2, 0));
    await settle();
    expect(wallet.snapshot().context).toMatchObject({ tickets: 2, count: 1 });
  });

  it('says the tickets could not be entered on any other failure, and keeps the choice', async () => {
    for (const failure of [new ApiFailure(500, 'Internal'), new ApiFailure(0, null)]) {
      const wallet = await holding(3);
      wallet.send({ type: 'tickets.increment' });
      wallet.send({ type: 'tickets.enter' });
      wallet.api.reject('enterWalletTickets', failure);
      await settle();
      expect(wallet.toasts()).toEqual([{ message: TOAST_ENTER_FAILED, variant: 'error' }]);
      expect(wallet.snapshot().value).toEqual({ tickets: 'choosing' });
      expect(wallet.snapshot().context).toMatchObject({ tickets: 3, count: 2 });
    }
  });

  it('shows the instructions when /wallet opens from the tickets before they were seen', async () => {
    const wallet = start();
    wallet.open('/wallet-token');
    wallet.open('/wallet');
    expect(wallet.snapshot().value).toBe('instructions');
    await settle();
  });
});
