// The abstract model of the draw cycle that path generation walks: which events a player, the
// clock, the live channel, the network or the questions flow can cause in each state, with small
// named fixtures, what tells two states apart, and the choice of paths that walk every
// transition. The questions flow is a child of the draw with a walk of its own
// (questions-flow.model.test.tsx): here its end is one event, `xstate.done.actor.questionsFlow`,
// and what it reports to the draw are events of their own, each reached through the flow's
// screens. The model follows which of those screens rests (`questionsScreen`), so the walk
// knows what the flow can report next.
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
import type { DrawEntry, GrandPrize, TimerResponse } from '../../../contract/api';
import type { TickInput, TimedCallInput } from '../../../machines/draw-cycle/draw-cycle.actors';
import {
  announcedDrawIds,
  drawCycleMachine,
  type DrawCycleEvent,
  type DrawCycleInput,
  type SessionFlags,
} from '../../../machines/draw-cycle/draw-cycle.machine';
import { questionsStartFor } from '../../../machines/draw-cycle/draw-cycle.rules';
import type {
  Question,
  QuestionnaireReport,
} from '../../../machines/questionnaire/questionnaire.types';
import type {
  QuestionsFlowInput,
  QuestionsFlowStart,
} from '../../../machines/questionnaire/questions-flow.machine';
import { ApiFailure } from '../../../src/lib/api';
import { CoverageRecorder, chartOf } from './coverage';
import {
  ENTRY,
  FIRST_QUESTION,
  GRAND_PRIZE,
  TIMER_ENTERED,
  TIMER_NOT_ENTERED,
} from './draw-fake-api';

/** A returning player: the countdown's refetch at 0 applies to them. */
export const MODEL_SESSION: SessionFlags = {
  isFirstTimeUser: false,
  isFirstQuestionnaire: false,
  announcedGrandPrizeDrawIds: [],
};
export const MODEL_INPUT: DrawCycleInput = {
  stored: null,
  flags: MODEL_SESSION,
};

/** The player opens an address; the session passes it on to the draw. */
export const opened = (path: string): DrawModelEvent => ({ type: 'route.opened', path });
export const GRAND_PRIZE_OVERLAY_EVENT =
  'xstate.after.grandPrizeOverlay.drawCycle.grandPrize.showing';
export const QUESTIONS_END = 'xstate.done.actor.questionsFlow';

type Done<Id extends string, Output> = { type: `xstate.done.actor.${Id}`; output: Output };
type Failed<Id extends string> = { type: `xstate.error.actor.${Id}`; error: unknown };

/**
 * What the questions flow reports during a step that the draw hears at once, with no screen to
 * rest on between them: before the step's event when it is the flow's end (the flow reports on
 * its way out), after it otherwise (the flow starts, or moves on, and reports).
 */
export type WithReports = { reports?: QuestionnaireReport[] };

/**
 * The reports the walk takes as steps of their own. `questionnaire.finished` never is: a
 * returning player's questionnaire ends with the flow, so it comes with the flow's end.
 */
export type ReportStep = Exclude<QuestionnaireReport, { type: 'questionnaire.finished' }>;

/** What the walk can do. `countdown.ended` is raised by the chart itself, not a step. */
export type DrawModelEvent =
  | Exclude<
      DrawCycleEvent,
      | { type: 'countdown.ended' }
      | { type: 'questions.inputChanged' }
      | QuestionnaireReport
      | { type: 'route.opened' }
    >
  | ({ type: 'route.opened'; path: string } & WithReports)
  | (ReportStep & WithReports)
  /** The questions flow ends: the draw shows /home. */
  | (Done<'questionsFlow', undefined> & WithReports)
  | Done<'enterDraw', DrawEntry>
  | Failed<'enterDraw'>
  | Done<'fetchTimer', TimerResponse>
  | Failed<'fetchTimer'>
  | Done<'checkHasFinished', boolean>
  | Failed<'checkHasFinished'>
  | Done<'fetchGrandPrizes', GrandPrize[]>
  | Failed<'fetchGrandPrizes'>
  | { type: typeof GRAND_PRIZE_OVERLAY_EVENT };
export type DrawModelEventType = DrawModelEvent['type'] | 'xstate.init';

/**
 * The screen of the questions flow the player rests on, as far as the draw's walk takes it: 'You're
 * Entered To Win', What I Like, the questionnaire loading its question, the question on its card,
 * Tell Us More waiting for the server. Null while the draw does not run the flow.
 */
export type QuestionsScreen =
  'youveEntered' | 'whatILike' | 'loadingQuestion' | 'question' | 'tellUsMore';

export type DrawSnapshot = SnapshotFrom<typeof drawCycleMachine>;
/** A state of the model: the draw's snapshot and the flow's screen it rests on. */
export type DrawWalkSnapshot = DrawSnapshot & { questionsScreen: QuestionsScreen | null };

const pending = <T, I = unknown>() => fromPromise<T, I>(() => new Promise<T>(() => undefined));
const quiet = fromCallback(() => () => undefined);

/**
 * The chart the walk reasons about: calls never answer by themselves (the walk answers them),
 * the questions flow never ends by itself (the walk ends it), no live channel, and a tick stands
 * for "the countdown ran out" (the walk moves the app's clock to that moment), so the graph stays
 * finite.
 */
export const modelDrawCycleMachine = drawCycleMachine.provide({
  actors: {
    enterDraw: pending<DrawEntry, TimedCallInput>(),
    fetchTimer: pending<TimerResponse, TimedCallInput>(),
    checkHasFinished: pending<boolean>(),
    questionsFlow: pending<undefined, QuestionsFlowInput>() as never,
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

/** The draw's events a model event stands for, in the order the draw hears them. */
export function drawEventsOf(event: DrawModelEvent): DrawCycleEvent[] {
  const { reports = [], ...own } = event as DrawModelEvent & WithReports;
  const heard = own as unknown as DrawCycleEvent;
  return own.type === QUESTIONS_END ? [...reports, heard] : [heard, ...reports];
}

/** Where the questions flow opens for each start (a returning player's: no promises first). */
const OPENS_ON: Record<QuestionsFlowStart, QuestionsScreen> = {
  youveEntered: 'youveEntered',
  whatILike: 'whatILike',
  disclosure: 'whatILike',
  questionnaire: 'loadingQuestion',
  tellUsMore: 'tellUsMore',
  // Not walked here: /rewards with nothing to play ends the flow at once (unit tests).
  rewards: 'youveEntered',
};

/** The flow's screen after `event`: where it opens, the one a report leads to, or unchanged. */
function questionsScreenAfter(
  before: DrawWalkSnapshot,
  event: DrawModelEvent,
  after: DrawSnapshot,
): QuestionsScreen | null {
  if (!after.matches({ screen: 'questions' })) return null;
  const restarted =
    !before.matches({ screen: 'questions' }) ||
    event.type === 'route.opened' ||
    event.type === 'draw.press';
  if (restarted) return OPENS_ON[after.context.questionsStart];
  switch (event.type) {
    case 'questionnaire.giftCardReceived':
      return 'whatILike';
    case 'questionnaire.entryFound':
    case 'questionnaire.finishedChecked':
      return 'loadingQuestion';
    case 'questionnaire.questionShown':
      return 'question';
    default:
      return before.questionsScreen;
  }
}

type MockScope = Parameters<typeof modelDrawCycleMachine.transition>[2];

function walkTransition(snapshot: DrawWalkSnapshot, event: DrawModelEvent, scope: MockScope) {
  const after = drawEventsOf(event).reduce<DrawSnapshot>(
    (state, heard) => modelDrawCycleMachine.transition(state, heard, scope),
    snapshot,
  );
  return { ...after, questionsScreen: questionsScreenAfter(snapshot, event, after) };
}

/**
 * The model's chart as the walk takes it: the app opens at /home, so the draw's first step is
 * that opening (the walk begins where the player does), and each step is the model event's draw
 * events, with the flow's screen alongside.
 */
export const walkedDrawCycleMachine = Object.create(modelDrawCycleMachine, {
  getInitialSnapshot: {
    value: (...args: Parameters<typeof modelDrawCycleMachine.getInitialSnapshot>) => ({
      ...getNextSnapshot(
        modelDrawCycleMachine,
        modelDrawCycleMachine.getInitialSnapshot(...args),
        opened('/home') as never,
      ),
      questionsScreen: null,
    }),
  },
  transition: { value: walkTransition },
}) as typeof modelDrawCycleMachine;

const done = (event: DrawModelEvent): DrawModelEvent => event;

/** The question the walk shows: the first of a batch. */
export const WALKED_QUESTION: Question = {
  id: Number(FIRST_QUESTION.data.id),
  prompt: FIRST_QUESTION.data.attributes.next_question,
  finished: FIRST_QUESTION.data.attributes.finished,
};

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
  fetchTimer: [
    done({ type: 'xstate.done.actor.fetchTimer', output: TIMER_NOT_ENTERED }),
    done({ type: 'xstate.done.actor.fetchTimer', output: TIMER_ENTERED }),
    done({ type: 'xstate.error.actor.fetchTimer', error: new ApiFailure(503, null) }),
  ],
  checkHasFinished: [
    done({ type: 'xstate.done.actor.checkHasFinished', output: true }),
    done({ type: 'xstate.done.actor.checkHasFinished', output: false }),
    done({ type: 'xstate.error.actor.checkHasFinished', error: new ApiFailure(503, null) }),
  ],
} satisfies Record<string, DrawModelEvent[]>;

const entryFound = (entry: DrawEntry): ReportStep => ({
  type: 'questionnaire.entryFound',
  entry,
});
const questionsEnd = (reports: QuestionnaireReport[] = []): DrawModelEvent => ({
  type: QUESTIONS_END,
  output: undefined,
  ...(reports.length > 0 ? { reports } : {}),
});

/**
 * What the flow can do next from the screen it rests on, each reached through that screen in
 * the walk: the end, or a report with the screen it leads to.
 */
function questionsEvents(snapshot: DrawWalkSnapshot): DrawModelEvent[] {
  const held = snapshot.context.currentDrawEntry ?? ENTRY;
  switch (snapshot.questionsScreen) {
    case 'youveEntered':
      // A ticket played on /rewards, then /home; or a gift card, which leads on to What I Like.
      return [questionsEnd(), { type: 'questionnaire.giftCardReceived' }];
    case 'whatILike':
      // Skip ends the questionnaire with the flow; 'What I Like' starts it with the entry.
      return [questionsEnd([{ type: 'questionnaire.finished' }]), entryFound(held)];
    case 'loadingQuestion':
      return [{ type: 'questionnaire.questionShown', question: WALKED_QUESTION, answered: 0 }];
    case 'question':
      // Answered, and no question is left: the flow ends without a finished questionnaire.
      return [questionsEnd()];
    case 'tellUsMore':
      return [
        // The server starts it; a device that does not know asks whether it is finished.
        snapshot.context.hasFinishedQuestionnaire
          ? entryFound(ENTRY)
          : {
              type: 'questionnaire.finishedChecked',
              finished: false,
              reports: [entryFound(ENTRY)],
            },
        // No question left: the flow ends.
        questionsEnd(),
      ];
    case null:
      return [];
  }
}

/**
 * /questionnaire resumes the batch under way, whose entry the questionnaire finds at once
 * (the draw holds it); otherwise it is Tell Us More, which waits for the server.
 */
function openQuestionnaire(snapshot: DrawWalkSnapshot): DrawModelEvent {
  const { currentDrawEntry } = snapshot.context;
  const resumes = questionsStartFor(snapshot.context, '/questionnaire') === 'questionnaire';
  return resumes && currentDrawEntry
    ? { type: 'route.opened', path: '/questionnaire', reports: [entryFound(currentDrawEntry)] }
    : opened('/questionnaire');
}

const playerEvents = (snapshot: DrawWalkSnapshot): DrawModelEvent[] => [
  // The button is on /home.
  ...(snapshot.matches({ screen: 'home' }) ? [{ type: 'draw.press' } as const] : []),
  { type: 'window.focused' },
  // The session tells the draw its flags changed (the player is returning, say).
  { type: 'session.flagsChanged', flags: MODEL_SESSION },
  { type: 'cable.refetch' },
  { type: 'countdown.tick' },
  opened('/youve-entered'),
  opened('/home'),
  opened('/what-i-like'),
  openQuestionnaire(snapshot),
  opened('/wallet'),
];

/** The address of each screen of the flow the walk rests on. */
export const QUESTIONS_ROUTES: Record<QuestionsScreen, string> = {
  youveEntered: '/youve-entered',
  whatILike: '/what-i-like',
  loadingQuestion: '/questionnaire',
  question: '/questionnaire',
  tellUsMore: '/questionnaire',
};

/**
 * Leaving the flow's screens, or opening another of them (the flow starts there afresh); the
 * address on display opened again is no opening at all.
 */
const whileQuestions = (screen: QuestionsScreen | null): DrawModelEvent[] =>
  ['/home', '/wallet', '/what-i-like']
    .filter((path) => screen === null || QUESTIONS_ROUTES[screen] !== path)
    .map(opened);

/**
 * The events enabled in `snapshot`. One thing at a time: while the grand prize, the entry or
 * the has-finished check is busy, the walk finishes that first; while only the timer is busy,
 * the live channel and the countdown may still cut in (the chart has rules for both); on the
 * flow's screens the flow moves on or the player leaves (the clock stays with the flow's
 * timings there).
 */
export function drawModelEvents(snapshot: DrawWalkSnapshot): DrawModelEvent[] {
  const inQuestions = snapshot.matches({ screen: 'questions' });
  const candidates = ((): DrawModelEvent[] => {
    if (snapshot.matches({ grandPrize: 'fetching' }))
      return [...CALL_OUTCOMES.fetchGrandPrizes, { type: 'cable.refetch' }];
    if (snapshot.matches({ grandPrize: 'showing' })) return [{ type: GRAND_PRIZE_OVERLAY_EVENT }];
    if (snapshot.matches({ entry: 'entering' })) return CALL_OUTCOMES.enterDraw;
    if (snapshot.matches({ timer: 'checkingQuestionnaire' })) return CALL_OUTCOMES.checkHasFinished;
    if (snapshot.matches({ timer: 'fetching' }))
      return [
        ...CALL_OUTCOMES.fetchTimer,
        { type: 'cable.refetch' },
        ...(inQuestions ? [] : [{ type: 'countdown.tick' } as const]),
      ];
    if (inQuestions)
      return [...questionsEvents(snapshot), ...whileQuestions(snapshot.questionsScreen)];
    return playerEvents(snapshot);
  })();
  return candidates.filter((event) => drawEventsOf(event).every((heard) => snapshot.can(heard)));
}

/**
 * Where the draw is and what the screens show or decide on; exact seconds do not matter. The
 * flow's screen is the model's own for a model state, and read from the running flow for the
 * app's (see `questionsScreenOf`).
 */
export function serializeDrawState(snapshot: DrawSnapshot | DrawWalkSnapshot): string {
  const c = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    questions:
      'questionsScreen' in snapshot ? snapshot.questionsScreen : questionsScreenOf(snapshot),
    canEnterDraw: c.canEnterDraw,
    counting: c.timeLeft > 0,
    hasEntry: c.currentDrawEntry !== null,
    hasQuestionnaire: c.currentQuestionnaire !== null,
    hasFinishedQuestionnaire: c.hasFinishedQuestionnaire,
    isAnsweringFromTellUsMore: c.isAnsweringFromTellUsMore,
    prizesShown: announcedDrawIds(c),
  });
}

type RunningSnapshot = {
  value: unknown;
  matches: (value: never) => boolean;
  children: Record<string, { getSnapshot: () => RunningSnapshot } | undefined>;
};

/**
 * The flow's screen in the running app, named as the model names it (or by its state, for a
 * screen the model never rests on).
 */
export function questionsScreenOf(snapshot: DrawSnapshot): string | null {
  const flow = (snapshot.children as RunningSnapshot['children']).questionsFlow?.getSnapshot();
  if (!flow) return null;
  const matches = (s: RunningSnapshot, value: unknown) => s.matches(value as never);
  const step = (id: string) => flow.children[id]?.getSnapshot();
  if (matches(flow, 'youveEntered')) return 'youveEntered';
  const whatILike = step('whatILike');
  if (matches(flow, 'whatILike') && whatILike && matches(whatILike, 'choosing')) return 'whatILike';
  const questionnaire = step('questionnaire');
  if (matches(flow, 'questionnaire') && questionnaire) {
    if (matches(questionnaire, 'tellUsMore')) return 'tellUsMore';
    if (matches(questionnaire, { questions: 'loading' })) return 'loadingQuestion';
    if (matches(questionnaire, { questions: 'showing' })) return 'question';
    return `questionnaire ${JSON.stringify(questionnaire.value)}`;
  }
  return JSON.stringify(flow.value);
}

/** `countdown.running` style keys, matched against the snapshot. */
export function drawStateMatcher(snapshot: DrawSnapshot, key: string): boolean {
  const [region, state] = key.split('.');
  return snapshot.matches({ [region ?? '']: state });
}

export type DrawPath = StatePath<DrawWalkSnapshot, DrawModelEvent> & { description: string };

export const eventsOf = (path: StatePath<DrawWalkSnapshot, DrawModelEvent>): DrawModelEvent[] =>
  path.steps.slice(1).map((step) => step.event);

/** The transitions (raised ones included) the model machine takes for `events`. */
export function transitionsTaken(events: DrawModelEvent[]): Set<string> {
  const recorder = new CoverageRecorder();
  const clock = new SimulatedClock();
  const actor = createActor(modelDrawCycleMachine, {
    input: { ...MODEL_INPUT, clock },
    clock,
    inspect: recorder.inspect,
  });
  actor.start();
  // The walk starts where the player does, on /home.
  actor.send(opened('/home') as DrawCycleEvent);
  for (const event of events) {
    if (event.type === GRAND_PRIZE_OVERLAY_EVENT) clock.increment(3000);
    else for (const heard of drawEventsOf(event)) actor.send(heard);
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
  if (event.type === QUESTIONS_END) {
    const finished = (event as WithReports).reports?.some(
      (report) => report.type === 'questionnaire.finished',
    );
    return finished ? 'the questions end (finished)' : 'the questions end';
  }
  if (event.type.startsWith('questionnaire.'))
    return event.type.replace('questionnaire.', 'flow: ');
  if ('error' in event) return `${event.type.replace('xstate.error.actor.', '')} fails`;
  if ('output' in event) {
    const id = event.type.replace('xstate.done.actor.', '');
    const output = event.output as unknown;
    if (Array.isArray(output)) return `${id} answers ${output.length}`;
    if (id === 'fetchTimer')
      return (output as TimerResponse).cycle_finished ? 'timer: not entered' : 'timer: entered';
    if (id === 'checkHasFinished') return `has finished: ${String(output)}`;
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
  model: TestModel<DrawWalkSnapshot, DrawModelEvent, DrawCycleInput>,
  machine: AnyStateMachine,
  alreadyCovered: ReadonlySet<string>,
): DrawPath[] {
  const toEachState = model
    .getShortestPaths({ allowDuplicatePaths: true })
    .sort((a, b) => a.steps.length - b.steps.length);
  const all = chartOf(machine).transitions;
  const covered = new Set(alreadyCovered);
  const chosen: Array<{
    events: DrawModelEvent[];
    path: StatePath<DrawWalkSnapshot, DrawModelEvent>;
  }> = [];
  for (const path of toEachState) {
    if (all.every((key) => covered.has(key))) break;
    for (const event of drawModelEvents(path.state)) {
      const events = [...eventsOf(path), event];
      const taken = transitionsTaken(events);
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
    const state = getNextSnapshot(machine, path.state, event as never) as DrawWalkSnapshot;
    return {
      state,
      steps: [...path.steps, { state, event }],
      weight: path.weight + 1,
      description: describe(events),
    };
  });
}
