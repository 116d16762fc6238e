import { followRoutes } from './route-sync-miniature';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createWalletActors } from '../../machines/wallet/wallet.actors';
import {
  LAST_WALLET_SLIDE_INDEX,
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

function start(hasSeenInstructions = false) {
  const api = new FakeWalletApi();
  const actor = createActor(walletMachine.provide({ actors: createWalletActors(api) }), {
    input: { hasSeenInstructions },
  });
  const emitted: WalletEmitted[] = [];
  actor.on('*', (effect) => emitted.push(effect));
  const moves: { to: string; replace: true | undefined }[] = [];
  const routes = followRoutes(actor, (move) =>
    moves.push({ to: move.to, replace: move.replace ? true : undefined }),
  );
  actor.start();
  const open = (path: WalletPath) =>
    routes.opening(path, () => actor.send({ type: 'route.opened', path }));
  const send = (event: WalletEvent) => actor.send(event);
  const snapshot = () => actor.getSnapshot();
  const toasts = () =>
    emitted.flatMap((e) =>
      e.type === 'toast' ? [{ message: e.message, variant: e.variant }] : [],
    );
  const navigations = () => moves;
  const seen = () => emitted.filter((e) => e.type === 'instructionsSeen').length;
  return { actor, api, emitted, open, send, snapshot, toasts, navigations, seen };
}

/** Lets the fake calls' answers reach the machine. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

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
    expect(wallet.snapshot().context.slideIndex).toBe(0);
    expect(wallet.navigations()).toEqual([]);
  });

  it('moves to the next slide with the forward arrow', () => {
    const wallet = start();
    wallet.open('/wallet');
    wallet.send({ type: 'slides.next' });
    expect(wallet.snapshot().context.slideIndex).toBe(1);
    wallet.send({ type: 'slides.next' });
    expect(wallet.snapshot().context.slideIndex).toBe(2);
    expect(wallet.snapshot().value).toBe('instructions');
  });

  it('goes back a slide with a swipe right, never before the first', () => {
    const wallet = start();
    wallet.open('/wallet');
    expect(wallet.snapshot().can({ type: 'slides.previous' })).toBe(false);
    wallet.send({ type: 'slides.next' });
    wallet.send({ type: 'slides.previous' });
    expect(wallet.snapshot().context.slideIndex).toBe(0);
  });

  it('goes to /wallet-token from the last slide and remembers the instructions were seen', () => {
    const wallet = start();
    wallet.open('/wallet');
    for (let i = 0; i < LAST_WALLET_SLIDE_INDEX; i++) wallet.send({ type: 'slides.next' });
    expect(wallet.snapshot().context.slideIndex).toBe(LAST_WALLET_SLIDE_INDEX);
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
    wallet.send({ type: 'slides.swipeUp' });
    expect(wallet.navigations()).toEqual([{ to: '/wallet-token', replace: true }]);
    expect(wallet.seen()).toBe(1);
    expect(wallet.snapshot().value).toEqual({ tickets: 'loading' });
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
    wallet.send({ type: 'slides.swipeUp' });
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
    wallet.send({ type: 'slides.swipeUp' });
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
