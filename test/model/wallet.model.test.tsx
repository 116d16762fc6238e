// Generated paths through the wallet, each walked through the real pages: the player's gestures
// (clicks, swipes, opening routes) and the API's answers drive the running wallet, and every
// state is checked against what the player sees.
import { act, screen, waitFor } from '@testing-library/react';
import { navigate } from 'wouter/use-browser-location';
import { afterAll, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { TestModel, type Step } from 'xstate/graph';
import { slidesMachine, type SlidesEvent } from '../../machines/shared/slides.machine';
import type { TicketsEntered, WalletHoldings } from '../../machines/wallet/wallet.actors';
import { createWalletActors } from '../../machines/wallet/wallet.actors';
import {
  TOAST_ENTER_FAILED,
  TOAST_LOAD_FAILED,
  ticketsEnteredMessage,
  walletMachine,
  WALLET_SLIDES_INPUT,
} from '../../machines/wallet/wallet.machine';
import { WALLET_SLIDES } from '../../src/features/wallet/slides';
import { statesWithoutView } from './helpers/view-check';
import { drag as dragOver } from './helpers/entry-gestures';
import { CoverageRecorder } from './helpers/coverage';
import { describeWalkCoverage, planModel } from './helpers/generated-walks';
import { entriesAnswer, FakeWalletApi, walletAnswer } from './helpers/wallet-fake-api';
import { renderWallet, START_PATH, type WalletHarness } from './helpers/wallet-harness';
import {
  MODEL_INPUT,
  serializeWalletState,
  walletModelEvents,
  type ModelEvent,
  type ModelEventType,
  type WalletSnapshot,
} from './helpers/wallet-model';
import { planWalletPaths } from './helpers/wallet-paths';
import { stateKeyMatcher, withArrival } from './helpers/path-planner';

const logic = walletMachine.provide({ actors: createWalletActors(new FakeWalletApi()) });

const model = new TestModel<WalletSnapshot, ModelEvent, unknown>(logic as never, {
  events: walletModelEvents,
  serializeState: (snapshot) => serializeWalletState(snapshot),
  stateMatcher: stateKeyMatcher,
  input: MODEL_INPUT,
});

const paths = planWalletPaths(model, logic);
const coverage = new CoverageRecorder('wallet');
let app: WalletHarness;

// ---- gestures ----------------------------------------------------------------------------

type WalletStep = Step<WalletSnapshot, ModelEvent>;
type Executor = (step: WalletStep) => Promise<void>;

const button = (name: string | RegExp) => screen.getByRole('button', { name });
// The slides follow drags once the gesture code has loaded (it comes after the first paint).
const track = () => screen.findByTestId('instruction-slides-track');

async function drag(pointer: 'mouse' | 'touch', dx: number, dy = 0): Promise<void> {
  await dragOver(app, await track(), pointer, dx, dy);
}

const toast = (text: string) => screen.findByText(text, {}, { timeout: 2000 });

async function answer(
  call: 'wallet' | 'enterWalletTickets',
  step: WalletStep,
  success: unknown,
): Promise<void> {
  await waitFor(() => expect(app.api.isWaiting(call)).toBe(true));
  const event = step.event;
  await act(async () => {
    if ('error' in event) app.api.reject(call, event.error);
    else app.api.resolve(call, success);
    await Promise.resolve();
  });
}

const outputOf = <T,>(step: WalletStep): T => (step.event as unknown as { output: T }).output;
const failureOf = (step: WalletStep) =>
  (step.event as unknown as { error: { status: number; detail: string | null } }).error;

/** Waits until the running wallet is where the model says the step leads. */
async function arrive(step: WalletStep): Promise<void> {
  await waitFor(() => {
    const real = app.snapshot();
    expect(real.value).toEqual(step.state.value);
    expect(serializeWalletState(real)).toBe(serializeWalletState(step.state));
  });
}

const executors = {
  'route.opened': async ({ event }) => {
    if (event.type !== 'route.opened') return;
    await act(async () => {
      navigate(event.path);
      await Promise.resolve();
    });
    // The wallet's pages are a chunk of their own: wait until it is on screen.
    await waitFor(() => expect(screen.queryByLabelText('Loading')).toBeNull());
  },
  // The instructions end with a swipe up (the slides' own walk takes the arrow, slide by slide).
  'xstate.done.actor.slides': async () => {
    // Not a pixel short: 100 px up is not yet a swipe.
    await drag('touch', 0, -100);
    expect(window.location.pathname).toBe('/wallet');
    await drag('touch', 10, -130);
  },
  'tickets.increment': async () => {
    await app.user.click(button('One ticket more'));
  },
  'tickets.decrement': async () => {
    await app.user.click(button('One ticket fewer'));
  },
  'tickets.enter': async ({ state }) => {
    const count = state.context.count;
    await app.user.click(button(`Enter ${count} ${count === 1 ? 'ticket' : 'tickets'}`));
  },
  'tickets.enterAll': async () => {
    await app.user.click(button('Enter all'));
  },
  'tickets.retry': async () => {
    await app.user.click(button('Try again'));
  },
  'xstate.done.actor.loadWallet': async (step) => {
    const held = outputOf<WalletHoldings>(step);
    await answer('wallet', step, walletAnswer(held.tickets, held.entriesInCurrentDraw));
  },
  'xstate.error.actor.loadWallet': async (step) => {
    await answer('wallet', step, null);
    await toast(TOAST_LOAD_FAILED);
  },
  'xstate.done.actor.enterTickets': async (step) => {
    const { entered, tickets } = outputOf<TicketsEntered>(step);
    expect(app.api.callsOf('enterWalletTickets').at(-1)).toBe(entered);
    await answer('enterWalletTickets', step, entriesAnswer(entered, tickets));
    await toast(ticketsEnteredMessage(entered));
  },
  'xstate.error.actor.enterTickets': async (step) => {
    await answer('enterWalletTickets', step, null);
    const { status, detail } = failureOf(step);
    await toast(status === 422 && detail !== null ? detail : TOAST_ENTER_FAILED);
  },
} satisfies Record<ModelEventType, Executor>;

// ---- what the player sees -------------------------------------------------------------------

const heading = (name: string) => screen.getByRole('heading', { level: 1, name });
const text = (content: string) => screen.getByText(content);
const entriesLine = (entries: number) =>
  text(`You have ${entries} ${entries === 1 ? 'entry' : 'entries'} in today's draw.`);

/** Both places remember that the instructions were seen, as soon as they were. */
function expectInstructionsSeen(snapshot: WalletSnapshot): void {
  const seen = snapshot.context.hasSeenInstructions;
  expect(window.localStorage.getItem('walletInstruction')).toBe(seen ? 'true' : null);
  expect(app.hasSeenInstructionsInSession()).toBe(seen);
}

function expectTicketsPage(snapshot: WalletSnapshot): void {
  expect(window.location.pathname).toBe('/wallet-token');
  heading('Your Wallet');
  text("Every ticket is one more equal chance in today's draw.");
  expectInstructionsSeen(snapshot);
}

function expectHolding({ context }: WalletSnapshot, entering: boolean): void {
  const { tickets, count, entriesInCurrentDraw } = context;
  screen.getByLabelText(`You hold ${tickets} ${tickets === 1 ? 'ticket' : 'tickets'}`);
  entriesLine(entriesInCurrentDraw);
  expect(screen.getByLabelText('Tickets to enter').textContent).toBe(String(count));
  expect(button('One ticket fewer')).toHaveProperty('disabled', entering || count <= 1);
  expect(button('One ticket more')).toHaveProperty('disabled', entering || count >= tickets);
  const enter = button(`Enter ${count} ${count === 1 ? 'ticket' : 'tickets'}`);
  expect(enter).toHaveProperty('disabled', entering);
  expect(enter.getAttribute('aria-busy')).toBe(String(entering));
  const enterAll = screen.queryByRole('button', { name: 'Enter all' });
  expect(enterAll !== null).toBe(tickets > 1);
  if (enterAll) expect(enterAll).toHaveProperty('disabled', entering);
}

const states: Record<string, (snapshot: WalletSnapshot) => void> = {
  awaitingRoute: () => {
    expect(window.location.pathname).toBe(START_PATH);
    expect(screen.queryByRole('heading', { name: 'Your Wallet' })).toBeNull();
  },
  instructions: (snapshot) => {
    const index = 0;
    expect(window.location.pathname).toBe('/wallet');
    heading(WALLET_SLIDES[index]?.title ?? '');
    text(WALLET_SLIDES[index]?.body ?? '');
    screen.getByRole('article', { name: `${index + 1} of ${WALLET_SLIDES.length}` });
    // The arrow shows on every slide, the last one included: it leaves for the tickets.
    button('Next');
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    expectInstructionsSeen(snapshot);
  },
  'tickets.loading': (snapshot) => {
    expectTicketsPage(snapshot);
    text('Loading your tickets…');
    expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('true');
  },
  'tickets.loadFailed': (snapshot) => {
    expectTicketsPage(snapshot);
    text('Your wallet could not be loaded.');
    expect(button('Try again')).toHaveProperty('disabled', false);
  },
  'tickets.empty': (snapshot) => {
    expectTicketsPage(snapshot);
    text('No tickets yet. Answer questions in Tell Us More to earn more.');
    entriesLine(snapshot.context.entriesInCurrentDraw);
    expect(screen.queryByRole('button', { name: /^Enter/ })).toBeNull();
  },
  'tickets.choosing': (snapshot) => {
    expectTicketsPage(snapshot);
    expectHolding(snapshot, false);
  },
  'tickets.entering': (snapshot) => {
    expectTicketsPage(snapshot);
    expectHolding(snapshot, true);
    expect(app.api.callsOf('enterWalletTickets').at(-1)).toBe(snapshot.context.count);
  },
};

// ---- the walk -------------------------------------------------------------------------------

const syncedExecutors = withArrival(executors, arrive);

describe('wallet, generated paths through the pages', () => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    app = await renderWallet({ inspect: coverage.inspect });
    await model.testPath(path, { events: syncedExecutors, states });
  });

  afterAll(() => {
    const missing = coverage.missing(logic);
    if (missing.states.length + missing.transitions.length > 0) {
      console.info('Wallet not walked:', missing);
    }
  });
});

describeWalkCoverage('wallet, coverage of the walk', {
  logic,
  states,
  coverage,
  chart: { states: { moreThan: 7 }, transitions: { moreThan: 15 } },
});

// ---- the instruction slides on their own ----------------------------------------------------

// The slides machine the starting page shares, walked here as the wallet configures it: the
// arrow on the last slide and a swipe up on any end it; there is no Skip (the starting page's
// walk takes Skip, entry-steps.model.test.tsx).
type SlidesSnapshot = SnapshotFrom<typeof slidesMachine>;
type SlidesModelEvent = SlidesEvent;

const SLIDES_EVENTS: SlidesModelEvent[] = [
  { type: 'slides.next' },
  { type: 'slides.previous' },
  { type: 'slides.skip' },
  { type: 'slides.finish' },
];
const serializeSlides = (snapshot: SlidesSnapshot) =>
  JSON.stringify({ value: snapshot.value, index: snapshot.context.index });

const { model: slidesModel, paths: slidesPaths } = planModel({
  logic: slidesMachine,
  events: () => SLIDES_EVENTS,
  serialize: serializeSlides,
  describeEvent: (event: SlidesModelEvent) => event.type,
  input: () => WALLET_SLIDES_INPUT,
});
const slidesCoverage = new CoverageRecorder('slides');
const SKIP = 'slides.showing --slides.skip#0-->';

const slidesStates: Record<string, (snapshot: SlidesSnapshot) => Promise<void> | void> = {
  showing: ({ context }) => {
    expect(window.location.pathname).toBe('/wallet');
    heading(WALLET_SLIDES[context.index]?.title ?? '');
    button('Next');
  },
  // Read: on to the tickets, the instructions remembered.
  read: async () => {
    await waitFor(() => expect(window.location.pathname).toBe('/wallet-token'));
    expect(window.localStorage.getItem('walletInstruction')).toBe('true');
  },
};

describe('the wallet instruction slides, generated paths through the page', () => {
  it.each(slidesPaths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    app = await renderWallet({ path: '/wallet', inspect: slidesCoverage.inspect });
    await waitFor(() => expect(screen.queryByLabelText('Loading')).toBeNull());
    const arriveAt = (expected: SlidesSnapshot) =>
      waitFor(() => {
        const slides = app.snapshot().children.slides?.getSnapshot() as SlidesSnapshot | undefined;
        if (expected.status === 'done') expect(slides).toBeUndefined();
        else expect(slides && serializeSlides(slides)).toBe(serializeSlides(expected));
      });
    const executors: Record<
      string,
      (step: Step<SlidesSnapshot, SlidesModelEvent>) => Promise<void>
    > = {
      'slides.next': async ({ state }) => {
        // Arrow and swipe alike move on.
        if (state.context.index % 2 === 0) await app.user.click(button('Next'));
        else await drag('touch', -70);
        await arriveAt(state);
      },
      'slides.previous': async ({ state }) => {
        await drag('mouse', 130);
        await arriveAt(state);
      },
      'slides.finish': async ({ state }) => {
        await drag('touch', 10, -130);
        await arriveAt(state);
      },
    };
    await slidesModel.testPath(path, { events: executors, states: slidesStates });
  });
});

describe('the wallet instruction slides, coverage of the walk', () => {
  it('asserts what the player sees in every state they can rest in', () => {
    expect(statesWithoutView(slidesMachine, slidesStates)).toEqual([]);
  });

  it('walked every transition the wallet can take (Skip is the starting page’s)', ({ task }) => {
    slidesCoverage.report(task, slidesMachine);
    expect(slidesCoverage.missing(slidesMachine)).toEqual({ states: [], transitions: [SKIP] });
  });
});
