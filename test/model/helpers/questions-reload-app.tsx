// The signed-in app the questions' reload walks run (questions-flow, questionnaire and reward
// playback .reload-back tests): opened where a start of the questions flow opens it, its calls
// answered by the walk and learnt by the server (questions-reload-server.ts); opened again as a
// reload opens it, every call answered as the server knows it; and what the walks share at a
// resting screen (the steps done, time passing after Back).
import type { InspectionEvent } from 'xstate';
import { SimulatedClock } from 'xstate';
import { screenLoaded } from './app-harness';
import { ENTRY } from './draw-fake-api';
import { QUESTIONS } from './questions-flow-gestures';
import { followFlow, openApp, type FlowApp, type FlowStart } from './questions-flow-harness';
import { advance } from './questions-gestures';
import {
  keepSteps,
  learnFrom,
  newServer,
  serverApi,
  stepsDone,
  type Server,
  type Steps,
} from './questions-reload-server';
import { reopenApp } from './reload-and-back';

export type ReloadApp = FlowApp & {
  server: Server;
  /** Opened again as a reload opens it (else opened for the walk). */
  reloaded: boolean;
  /** Lets the app go from the gestures of a step's own walk that hold it, if any. */
  release?: () => void;
};

/** The server of the flow's walks: the press's entry, and the batch's questions in turn. */
export const flowServer = () =>
  newServer(ENTRY, (answered) => QUESTIONS[answered % QUESTIONS.length]!);

/**
 * The app where `start` opens it, the server learning from the walk's answers. `inspect` is
 * given the app's inspection events (the walk's own record of the run).
 */
export async function openForReload(
  start: FlowStart,
  server: Server,
  inspect: (event: InspectionEvent) => void = () => undefined,
): Promise<ReloadApp> {
  const app = await openApp(start, { inspect });
  learnFrom(server, app.drawApi);
  return { ...app, server, reloaded: false };
}

/**
 * The app stopped and started again from what the device kept and the address the browser has
 * (see reopenApp), at the time it was; the server answers every call as it knows it.
 */
export async function reload(app: ReloadApp): Promise<ReloadApp> {
  app.view.unmount();
  keepSteps(app.server, app.drawApi);
  const clock = new SimulatedClock();
  clock.set(app.clock.now());
  const drawApi = serverApi(app.server);
  const followed = followFlow();
  const harness = reopenApp({ drawClock: clock, drawApi, drawInspect: followed.inspect });
  await screenLoaded();
  return {
    ...harness,
    clock,
    flow: followed.flow,
    draw: followed.draw,
    server: app.server,
    reloaded: true,
  };
}

/**
 * What the questions' walks give describeReloadAndBack alike: the reload (the app keeps what a
 * walk added to it: its walk, what lets it go), the steps done, time after Back, the closing.
 */
export const reloadRun = <TApp extends ReloadApp>() => ({
  reload: async (app: TApp): Promise<TApp> => ({ ...app, ...(await reload(app)) }),
  /** Every step the server saw done, this app's and those before a reload. */
  stepsDone: (app: TApp): Steps => stepsDone(app.server, app.drawApi),
  /**
   * After Back: the flow's timers run out ('You're Entered To Win' lasts 1.5 s, a gift card
   * 8 s, a card arrives): whatever shows where Back landed must stay there.
   */
  afterBack: (_: unknown, app: TApp) => advance(app, 10_000),
  close: (app: TApp) => {
    app.release?.();
    app.view.unmount();
  },
});
