// Where the questions flow's walks start (a press, an address, the Tell Us More tab) and the
// signed-in app they run in, with the draw's fake API, its clock and the walk's coverage.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { SimulatedClock, type AnyActorRef, type InspectionEvent } from 'xstate';
import type { DrawSnapshot } from './draw-cycle-model';
import type {
  QuestionsFlowInput,
  QuestionsFlowStart,
} from '../../../machines/questionnaire/questions-flow.machine';
import { goTo, renderApp, screenLoaded, storeSignedInSession, tabBar } from './app-harness';
import type { CoverageRecorder } from './coverage';
import { ENTRY, FakeDrawApi, TIMER_NOT_ENTERED } from './draw-fake-api';
import { answerCall, type QuestionsApp } from './questions-gestures';
import { type FlowSnapshot, T0 } from './questions-flow-model';

// ---- where the walks start ----------------------------------------------------------------------

export type FlowApp = ReturnType<typeof renderApp> &
  QuestionsApp & {
    /** The flow's latest snapshot in the app (its last one once it has ended). */
    flow: () => FlowSnapshot | null;
    draw: () => DrawSnapshot;
  };

export type FlowStart = {
  label: string;
  start: QuestionsFlowStart;
  /** A first-time player (their first questionnaire), else a returning one. */
  firstTime: boolean;
  /** The address the app opens at. */
  at: string;
  /** The player's way to the flow's first screen. */
  open: (app: FlowApp) => Promise<void>;
  /**
   * The flow does not rest where it opens (nothing to play on /rewards): it has ended by the
   * time the app is open, and the walk checks it from the next step on.
   */
  passesThrough?: boolean;
};

/** The player presses the black button; the press's entry is recorded. */
export async function press(app: FlowApp): Promise<void> {
  await userEvent.click(await screen.findByRole('button', { name: /Enter To Win/ }));
  await answerCall(app, 'enterDraw', { data: ENTRY });
}

export const STARTS: FlowStart[] = [
  {
    label: 'a returning player presses the button',
    start: 'youveEntered',
    firstTime: false,
    at: '/home',
    open: press,
  },
  {
    label: 'a first-time player presses the button',
    start: 'youveEntered',
    firstTime: true,
    at: '/home',
    open: press,
  },
  {
    label: 'a first-time player opens /disclosure',
    start: 'disclosure',
    firstTime: true,
    at: '/home',
    open: () => goTo('/disclosure'),
  },
  {
    label: 'a returning player opens /rewards with nothing to play',
    start: 'rewards',
    firstTime: false,
    at: '/home',
    open: async (app) => {
      await goTo('/rewards');
      // The playback asks the server for the rewards not played back yet: there are none.
      await answerCall(app, 'rewards', { data: [] });
    },
    passesThrough: true,
  },
  {
    label: "a returning player's Tell Us More tab",
    start: 'tellUsMore',
    firstTime: false,
    at: '/players-tutorial',
    open: async () => {
      await waitFor(() => expect(tabBar()).not.toBeNull());
      await userEvent.click(screen.getByRole('link', { name: 'Tell Us More' }));
    },
  },
];

export const inputOf = (start: FlowStart): QuestionsFlowInput => ({
  start: start.start,
  flags: {
    isFirstTimeUser: start.firstTime,
    isFirstQuestionnaire: start.firstTime,
    hasFinishedQuestionnaire: false,
  },
  drawEntry: null,
});

/**
 * The flow and the draw of a running app, followed through the app's inspection (`inspect` is
 * given every event as well): the app opened for a walk, or opened again as a reload opens it.
 */
export function followFlow(inspect: (event: InspectionEvent) => void = () => undefined) {
  let flow: FlowSnapshot | null = null;
  let draw: AnyActorRef | null = null;
  return {
    inspect: (event: InspectionEvent) => {
      inspect(event);
      const id = (event.actorRef as AnyActorRef).id;
      if (id === 'drawCycle') draw = event.actorRef as AnyActorRef;
      if (event.type === '@xstate.snapshot' && id === 'questionsFlow') {
        flow = event.snapshot as FlowSnapshot;
      }
    },
    flow: (): FlowSnapshot | null => flow,
    draw: (): DrawSnapshot => {
      if (!draw) throw new Error('The draw has not started');
      return draw.getSnapshot() as DrawSnapshot;
    },
  };
}

/** `coverage` is the test file's own record of the walk: the helpers keep none between files. */
export async function openApp(
  start: FlowStart,
  coverage: Pick<CoverageRecorder, 'inspect'>,
): Promise<FlowApp> {
  storeSignedInSession({ isFirstTimeUser: start.firstTime, isFirstQuestionnaire: start.firstTime });
  const clock = new SimulatedClock();
  clock.set(T0);
  const drawApi = new FakeDrawApi();
  // No entry in the open draw yet, questions left for the player (the Tell Us More tab).
  drawApi.answerAlways('timer', () =>
    Promise.resolve({ ...TIMER_NOT_ENTERED, show_tell_us_more: true }),
  );
  drawApi.answerAlways('grandPrizes', () => Promise.resolve({ data: [] }));
  drawApi.answerAlways('click', () => Promise.resolve({ message: 'ok' }));
  const followed = followFlow(coverage.inspect);
  const harness = renderApp({
    path: start.at,
    drawClock: clock,
    drawApi,
    drawInspect: followed.inspect,
  });
  await screenLoaded();
  return { ...harness, clock, flow: followed.flow, draw: followed.draw };
}
