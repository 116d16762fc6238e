// The abstract model of the draw cycle that path generation walks: which events a player, the
// clock, the live channel or the network can cause in each state, with small named fixtures,
// what tells two states apart, and the choice of paths that walk every transition.
import {
  assign,
  createActor,
  fromCallback,
  fromPromise,
  getNextSnapshot,
  SimulatedClock,
} from 'xstate';
import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';
import type { StatePath, TestModel } from 'xstate/graph';
import type { DrawEntry, GrandPrize, Reward, TimerResponse } from '../../../contract/api';
import type { TickInput, TimedCallInput } from '../../../machines/draw-cycle/draw-cycle.actors';
import {
  announcedDrawIds,
  drawCycleMachine,
  fixedSessionFlags,
  type DrawCycleEvent,
  type DrawCycleInput,
  type SessionFlags,
} from '../../../machines/draw-cycle/draw-cycle.machine';
import {
  youveEnteredMachine,
  type YouveEnteredOutput,
} from '../../../machines/draw-cycle/youve-entered.machine';
import { ApiFailure } from '../../../src/lib/api';
import { CoverageRecorder, chartOf } from './coverage';
import {
  ENTRY,
  GRAND_PRIZE,
  TIMER_ENTERED,
  TIMER_NOT_ENTERED,
  TOKEN_REWARD,
} from './draw-fake-api';

/** A returning player: the countdown's refetch at 0 applies to them. */
export const MODEL_SESSION: SessionFlags = {
  isFirstTimeUser: false,
  isFirstQuestionnaire: false,
  announcedGrandPrizeDrawIds: [],
};
export const MODEL_INPUT: DrawCycleInput = {
  stored: null,
  session: fixedSessionFlags(MODEL_SESSION),
};

/** The player opens an address; the session passes it on to the draw. */
export const opened = (path: string): DrawModelEvent => ({ type: 'route.opened', path });
export const GRAND_PRIZE_OVERLAY_EVENT =
  'xstate.after.grandPrizeOverlay.drawCycle.grandPrize.showing';

type Done<Id extends string, Output> = { type: `xstate.done.actor.${Id}`; output: Output };
type Failed<Id extends string> = { type: `xstate.error.actor.${Id}`; error: unknown };

/** What the walk can do. `countdown.ended` is raised by the chart itself, not a step. */
export type DrawModelEvent =
  | Exclude<DrawCycleEvent, { type: 'countdown.ended' }>
  /** The 'You're Entered' step ends with the rewards it found. */
  | Done<'youveEntered', YouveEnteredOutput>
  | Done<'enterDraw', DrawEntry>
  | Failed<'enterDraw'>
  | Done<'fetchTimer', TimerResponse>
  | Failed<'fetchTimer'>
  | Done<'fetchGrandPrizes', GrandPrize[]>
  | Failed<'fetchGrandPrizes'>
  | { type: typeof GRAND_PRIZE_OVERLAY_EVENT };
export type DrawModelEventType = DrawModelEvent['type'] | 'xstate.init';

const pending = <T, I = unknown>() => fromPromise<T, I>(() => new Promise<T>(() => undefined));
const quiet = fromCallback(() => () => undefined);

/**
 * The chart the walk reasons about: calls never answer by themselves (the walk answers them),
 * no live channel, and a tick stands for "the countdown ran out" (the walk moves the app's
 * clock to that moment), so the graph stays finite.
 */
export const modelDrawCycleMachine = drawCycleMachine.provide({
  actors: {
    enterDraw: pending<DrawEntry, TimedCallInput>(),
    fetchTimer: pending<TimerResponse, TimedCallInput>(),
    youveEntered: youveEnteredMachine.provide({ actors: { fetchRewards: pending<Reward[]>() } }),
    fetchGrandPrizes: pending<GrandPrize[]>(),
    listenToCable: quiet,
    tickEverySecond: fromCallback<EventObject, TickInput>(() => () => undefined),
  },
  actions: {
    recomputeTimeLeft: assign(({ context, event }) => ({
      timeLeft: event.type === 'countdown.tick' ? 0 : context.timeLeft,
    })),
  },
});

/**
 * The model's chart as the walk starts it: the app opens at /home, so the draw's first step is
 * that opening (the walk begins where the player does).
 */
export const walkedDrawCycleMachine = Object.create(modelDrawCycleMachine, {
  getInitialSnapshot: {
    value: (...args: Parameters<typeof modelDrawCycleMachine.getInitialSnapshot>) =>
      getNextSnapshot(
        modelDrawCycleMachine,
        modelDrawCycleMachine.getInitialSnapshot(...args),
        opened('/home') as never,
      ),
  },
}) as typeof modelDrawCycleMachine;

export type DrawSnapshot = SnapshotFrom<typeof drawCycleMachine>;

const done = (event: DrawModelEvent): DrawModelEvent => event;

export const CALL_OUTCOMES = {
  fetchGrandPrizes: [
    done({ type: 'xstate.done.actor.fetchGrandPrizes', output: [GRAND_PRIZE] }),
    done({ type: 'xstate.done.actor.fetchGrandPrizes', output: [] }),
    done({ type: 'xstate.error.actor.fetchGrandPrizes', error: new ApiFailure(500, null) }),
  ],
  enterDraw: [
    done({ type: 'xstate.done.actor.enterDraw', output: ENTRY }),
    done({
      type: 'xstate.error.actor.enterDraw',
      error: new ApiFailure(422, 'The draw is closed'),
    }),
  ],
  youveEntered: [
    done({ type: 'xstate.done.actor.youveEntered', output: { rewards: [TOKEN_REWARD] } }),
    done({ type: 'xstate.done.actor.youveEntered', output: { rewards: [] } }),
  ],
  fetchTimer: [
    done({ type: 'xstate.done.actor.fetchTimer', output: TIMER_NOT_ENTERED }),
    done({ type: 'xstate.done.actor.fetchTimer', output: TIMER_ENTERED }),
    done({ type: 'xstate.error.actor.fetchTimer', error: new ApiFailure(503, null) }),
  ],
} satisfies Record<string, DrawModelEvent[]>;

const PLAYER_EVENTS: DrawModelEvent[] = [
  { type: 'draw.press' },
  { type: 'window.focused' },
  { type: 'cable.refetch' },
  { type: 'countdown.tick' },
  opened('/youve-entered'),
  opened('/home'),
  opened('/rewards'),
  opened('/what-i-like'),
  opened('/wallet'),
];

/**
 * The events enabled in `snapshot`. One thing at a time: while the grand prize, the entry or
 * the 'You're Entered' screen is busy, the walk finishes that first; while only the timer is
 * busy, the live channel and the countdown may still cut in (the chart has rules for both).
 */
export function drawModelEvents(snapshot: DrawSnapshot): DrawModelEvent[] {
  const candidates = ((): DrawModelEvent[] => {
    if (snapshot.matches({ grandPrize: 'fetching' })) return CALL_OUTCOMES.fetchGrandPrizes;
    if (snapshot.matches({ grandPrize: 'showing' })) return [{ type: GRAND_PRIZE_OVERLAY_EVENT }];
    if (snapshot.matches({ entry: 'entering' })) return CALL_OUTCOMES.enterDraw;
    if (snapshot.matches({ screen: 'youveEntered' }))
      return [...CALL_OUTCOMES.youveEntered, opened('/home')];
    if (snapshot.matches({ timer: 'fetching' }))
      return [...CALL_OUTCOMES.fetchTimer, { type: 'cable.refetch' }, { type: 'countdown.tick' }];
    return PLAYER_EVENTS;
  })();
  return candidates.filter((event) => snapshot.can(event as DrawCycleEvent));
}

/** Where the draw is and what the screens show or decide on; exact seconds do not matter. */
export function serializeDrawState(snapshot: DrawSnapshot): string {
  const c = snapshot.context;
  // /rewards and /what-i-like have no screens yet: they lead on to /home, where the draw then is.
  const screen = ['rewards', 'whatILike'].includes(String(snapshot.value.screen))
    ? 'home'
    : snapshot.value.screen;
  return JSON.stringify({
    value: { ...snapshot.value, screen },
    canEnterDraw: c.canEnterDraw,
    counting: c.timeLeft > 0,
    hasEntry: c.currentDrawEntry !== null,
    prizesShown: announcedDrawIds(c),
  });
}

/** `countdown.running` style keys, matched against the snapshot. */
export function drawStateMatcher(snapshot: DrawSnapshot, key: string): boolean {
  const [region, state] = key.split('.');
  return snapshot.matches({ [region ?? '']: state });
}

export type DrawPath = StatePath<DrawSnapshot, DrawModelEvent> & { description: string };

export const eventsOf = (path: StatePath<DrawSnapshot, DrawModelEvent>): DrawModelEvent[] =>
  path.steps.slice(1).map((step) => step.event);

/** The transitions (raised ones included) the model machine takes for `events`. */
export function transitionsTaken(machine: AnyStateMachine, events: DrawModelEvent[]): Set<string> {
  const recorder = new CoverageRecorder();
  const clock = new SimulatedClock();
  const actor = createActor(machine, {
    input: { ...MODEL_INPUT, clock },
    clock,
    inspect: recorder.inspect,
  });
  actor.start();
  // The walk starts where the player does, on /home.
  actor.send(opened('/home'));
  for (const event of events) {
    if (event.type === GRAND_PRIZE_OVERLAY_EVENT) clock.increment(3000);
    else actor.send(event);
  }
  actor.stop();
  return recorder.transitions;
}

function describe(events: DrawModelEvent[]): string {
  return ['start', ...events.map(describeEvent)].join(' → ');
}

function describeEvent(event: DrawModelEvent): string {
  if (event.type === GRAND_PRIZE_OVERLAY_EVENT) return '3 s pass';
  if (event.type === 'countdown.tick') return 'the countdown runs out';
  if ('error' in event) return `${event.type.replace('xstate.error.actor.', '')} fails`;
  if ('output' in event) {
    const id = event.type.replace('xstate.done.actor.', '');
    const output = event.output as unknown;
    if (Array.isArray(output)) return `${id} answers ${output.length}`;
    if (id === 'youveEntered')
      return `youveEntered ends with ${(output as YouveEnteredOutput).rewards.length} rewards`;
    if (id === 'fetchTimer')
      return (output as TimerResponse).cycle_finished ? 'timer: not entered' : 'timer: entered';
    return `${id} succeeds`;
  }
  if (event.type === 'route.opened') return `open ${event.path}`;
  return event.type;
}

const sameEvents = (a: DrawModelEvent[], b: DrawModelEvent[]) =>
  a.length <= b.length && a.every((event, i) => JSON.stringify(event) === JSON.stringify(b[i]));

/**
 * A few paths that together walk every transition of the chart: for each transition no chosen
 * path takes yet, the shortest path to a state where some event takes it, plus that event.
 * Paths whose events begin a longer chosen path are walked as part of it.
 */
export function planDrawPaths(
  model: TestModel<DrawSnapshot, DrawModelEvent, DrawCycleInput>,
  machine: AnyStateMachine,
  alreadyCovered: ReadonlySet<string>,
): DrawPath[] {
  const toEachState = model
    .getShortestPaths({ allowDuplicatePaths: true })
    .sort((a, b) => a.steps.length - b.steps.length);
  const all = chartOf(machine).transitions;
  const covered = new Set(alreadyCovered);
  const chosen: Array<{ events: DrawModelEvent[]; path: StatePath<DrawSnapshot, DrawModelEvent> }> =
    [];
  for (const path of toEachState) {
    if (all.every((key) => covered.has(key))) break;
    for (const event of drawModelEvents(path.state)) {
      const events = [...eventsOf(path), event];
      const taken = transitionsTaken(machine, events);
      if ([...taken].every((key) => covered.has(key))) continue;
      for (const key of taken) covered.add(key);
      chosen.push({ events, path });
    }
  }
  const byLength = [...chosen].sort((a, b) => b.events.length - a.events.length);
  const kept: typeof chosen = [];
  for (const candidate of byLength) {
    if (!kept.some((longer) => sameEvents(candidate.events, longer.events))) kept.push(candidate);
  }
  return kept.map(({ events, path }) => {
    const event = events.at(-1) as DrawModelEvent;
    const state = getNextSnapshot(machine, path.state, event as never) as DrawSnapshot;
    return {
      state,
      steps: [...path.steps, { state, event }],
      weight: path.weight + 1,
      description: describe(events),
    };
  });
}
