// The wallet's resting states (the instructions at /wallet, the tickets at /wallet-token:
// failed to load, none held, choosing), each reached on the model's shortest path through the
// real signed-in app, then reloaded and left with Back (see helpers/reload-and-back.tsx): after
// a reload the same page shows the same tickets and entries; Back never lands on a page that
// forwards again, and enters no ticket twice.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from 'wouter/use-browser-location';
import { expect } from 'vitest';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { TestModel, type Step } from 'xstate/graph';
import type { TicketsEntered, WalletHoldings } from '../../machines/wallet/wallet.actors';
import { createWalletActors } from '../../machines/wallet/wallet.actors';
import { walletMachine } from '../../machines/wallet/wallet.machine';
import { WALLET_SLIDES } from '../../src/features/wallet/slides';
import { ApiFailure } from '../../src/lib/api';
import { settle } from '../support/settle';
import { screenLoaded } from './helpers/app-harness';
import { drag } from './helpers/entry-gestures';
import { stateKeyMatcher } from './helpers/path-planner';
import { describeReloadAndBack, hasScreen, reopenApp } from './helpers/reload-and-back';
import { entriesAnswer, FakeWalletApi, walletAnswer } from './helpers/wallet-fake-api';
import { renderWallet } from './helpers/wallet-harness';
import {
  MODEL_INPUT,
  serializeWalletState,
  walletModelEvents,
  type ModelEvent,
  type WalletSnapshot,
} from './helpers/wallet-model';

const logic = walletMachine.provide({ actors: createWalletActors(new FakeWalletApi()) });
const model = new TestModel<WalletSnapshot, ModelEvent, unknown>(logic as never, {
  events: walletModelEvents,
  serializeState: serializeWalletState,
  stateMatcher: stateKeyMatcher,
  input: MODEL_INPUT,
});

/** What the server holds for the player, across reloads: their tickets, and each entering. */
type Server = { holdings: WalletHoldings | 'down'; entered: number[] };
type WalletApp = {
  api: FakeWalletApi;
  user: ReturnType<typeof userEvent.setup>;
  unmount: () => void;
  wallet: () => WalletSnapshot;
  server: Server;
};

function watchWallet(): {
  inspect: (event: InspectionEvent) => void;
  wallet: () => WalletSnapshot;
} {
  let latest: WalletSnapshot | null = null;
  return {
    inspect: (event) => {
      if (event.type === '@xstate.snapshot' && (event.actorRef as AnyActorRef).id === 'wallet') {
        latest = event.snapshot as WalletSnapshot;
      }
    },
    wallet: () => {
      if (!latest) throw new Error('The wallet has not started');
      return latest;
    },
  };
}

async function open(): Promise<WalletApp> {
  const watched = watchWallet();
  const app = await renderWallet({ inspect: watched.inspect });
  const server: Server = { holdings: 'down', entered: [] };
  return {
    api: app.api,
    user: app.user,
    unmount: app.view.unmount,
    wallet: watched.wallet,
    server,
  };
}

/** The app started again from the device and the address; the server answers what it holds. */
async function reload(app: WalletApp): Promise<WalletApp> {
  app.unmount();
  const api = new FakeWalletApi();
  const { server } = app;
  api.answerAlways('wallet', () =>
    server.holdings === 'down'
      ? Promise.reject(new ApiFailure(500, null))
      : Promise.resolve(
          walletAnswer(server.holdings.tickets, server.holdings.entriesInCurrentDraw),
        ),
  );
  const watched = watchWallet();
  const reopened = reopenApp({ walletApi: api, inspect: watched.inspect });
  await screenLoaded();
  return {
    api,
    user: userEvent.setup(),
    unmount: reopened.view.unmount,
    wallet: watched.wallet,
    server,
  };
}

// ---- the walk's gestures and answers (as wallet.model.test.tsx takes them) -------------------

type WalletStep = Step<WalletSnapshot, ModelEvent>;
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const outputOf = <T,>(step: WalletStep): T => (step.event as unknown as { output: T }).output;

async function answer(
  app: WalletApp,
  call: 'wallet' | 'enterWalletTickets',
  step: WalletStep,
  success: unknown,
) {
  await waitFor(() => expect(app.api.isWaiting(call)).toBe(true));
  await act(async () => {
    if ('error' in step.event) app.api.reject(call, step.event.error);
    else app.api.resolve(call, success);
    await Promise.resolve();
  });
}

async function arrive(app: WalletApp, step: WalletStep): Promise<void> {
  await waitFor(() =>
    expect(serializeWalletState(app.wallet())).toBe(serializeWalletState(step.state)),
  );
}

const gestures: Record<string, (step: WalletStep, app: WalletApp) => Promise<void>> = {
  'route.opened': async ({ event }) => {
    if (event.type !== 'route.opened') return;
    await act(async () => {
      navigate(event.path);
      await Promise.resolve();
    });
    await screenLoaded();
  },
  'xstate.done.actor.slides': async (_, app) => {
    await drag(app, await screen.findByTestId('instruction-slides-track'), 'touch', 10, -130);
  },
  'tickets.increment': (_, app) => app.user.click(button('One ticket more')),
  'tickets.decrement': (_, app) => app.user.click(button('One ticket fewer')),
  'tickets.enter': async ({ state }, app) => {
    const count = state.context.count;
    await app.user.click(button(`Enter ${count} ${count === 1 ? 'ticket' : 'tickets'}`));
  },
  'tickets.enterAll': (_, app) => app.user.click(button('Enter all')),
  'tickets.retry': (_, app) => app.user.click(button('Try again')),
  'xstate.done.actor.loadWallet': async (step, app) => {
    const held = outputOf<WalletHoldings>(step);
    app.server.holdings = held;
    await answer(app, 'wallet', step, walletAnswer(held.tickets, held.entriesInCurrentDraw));
  },
  'xstate.error.actor.loadWallet': async (step, app) => {
    app.server.holdings = 'down';
    await answer(app, 'wallet', step, null);
  },
  'xstate.done.actor.enterTickets': async (step, app) => {
    const { entered, tickets } = outputOf<TicketsEntered>(step);
    const held = app.server.holdings;
    if (held === 'down') throw new Error('Tickets entered from a wallet that never loaded');
    app.server.holdings = {
      ...held,
      tickets,
      entriesInCurrentDraw: held.entriesInCurrentDraw + entered,
    };
    app.server.entered.push(entered);
    await answer(app, 'enterWalletTickets', step, entriesAnswer(entered, tickets));
  },
  'xstate.error.actor.enterTickets': (step, app) => answer(app, 'enterWalletTickets', step, null),
};

const events = Object.fromEntries(
  Object.entries(gestures).map(([type, gesture]) => [
    type,
    async (step: WalletStep, app: WalletApp) => {
      await gesture(step, app);
      await arrive(app, step);
    },
  ]),
);

// ---- the screen and its progress -------------------------------------------------------------

const heading = (name: string) => screen.getByRole('heading', { level: 1, name });
const text = (content: string) => screen.getByText(content);

async function expectScreen(snapshot: WalletSnapshot, app: WalletApp): Promise<void> {
  if (snapshot.matches('instructions')) {
    expect(window.location.pathname).toBe('/wallet');
    heading(WALLET_SLIDES[0]?.title ?? '');
    await waitFor(() => expect(app.wallet().matches('instructions')).toBe(true));
    return;
  }
  expect(window.location.pathname).toBe('/wallet-token');
  heading('Your Wallet');
  // Seen once, remembered on the device: the instructions do not come back.
  expect(window.localStorage.getItem('walletInstruction')).toBe(
    snapshot.context.hasSeenInstructions ? 'true' : null,
  );
  const { tickets, entriesInCurrentDraw: entries } = snapshot.context;
  if (snapshot.matches({ tickets: 'loadFailed' })) {
    await screen.findByText('Your wallet could not be loaded.');
    return;
  }
  await screen.findByText(
    `You have ${entries} ${entries === 1 ? 'entry' : 'entries'} in today's draw.`,
  );
  if (snapshot.matches({ tickets: 'empty' })) {
    text('No tickets yet. Answer questions in Tell Us More to earn more.');
  } else {
    screen.getByLabelText(`You hold ${tickets} ${tickets === 1 ? 'ticket' : 'tickets'}`);
  }
}

const CALLS = ['loadWallet', 'enterTickets'];

describeReloadAndBack('wallet, a reload and Back at every resting state', {
  model,
  isResting: (snapshot) =>
    hasScreen(snapshot) && !CALLS.some((id) => snapshot.children[id as never] !== undefined),
  describe: (snapshot) => serializeWalletState(snapshot),
  open,
  events,
  expectScreen,
  reload,
  stepsDone: (app) => [...app.server.entered],
  afterBack: async (to, app) => {
    await act(settle);
    // Where Back lands, the wallet shows nothing of its own, or its tickets loading again.
    if (to.path === '/wallet-token') heading('Your Wallet');
    expect(app.api.count('enterWalletTickets')).toBe(0);
  },
  close: (app) => app.unmount(),
});
