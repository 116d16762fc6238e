// The questions flow's model as its reload walk takes it (questions-flow.reload-back.test.tsx):
// the flow's model (questions-flow-model.ts), each step's end one event, with what the player
// tells apart besides: the promises at /disclosure a first-time player's 'What I Like' opens
// inside the What I Like step (one event more, the tap), the screen the player came from (Back
// goes there), and whether the questionnaire was finished (answered or skipped) on the way.
// The questionnaire's cards and each reward of a playback are walked by their own models
// (questionnaire.reload-back.test.tsx, reward-playback.reload-back.test.tsx).
import { TestModel } from 'xstate/graph';
import { stateKeyMatcher } from './path-planner';
import {
  atDisclosure,
  describeEvent,
  isFirstTime,
  logic,
  serialize,
  stepEnds,
  type FlowEvent,
  type FlowSnapshot,
} from './questions-flow-model';
import { inputOf, type FlowStart } from './questions-flow-harness';

/** The screen the player rests on, as the walk names it. */
export type FlowScreen =
  'youveEntered' | 'rewards' | 'whatILike' | 'disclosure' | 'questionnaire' | 'done';

export type WalkedFlow = FlowSnapshot & {
  screen: FlowScreen;
  /** The screen before this one on the walk (null: where the flow opened). */
  came: FlowScreen | null;
  /** How a questionnaire was finished on the way: answered to its end, or skipped. */
  finished: 'answered' | 'skipped' | null;
};

/** A first-time player's tap on 'What I Like': the promises come first. */
export const WHAT_I_LIKE_TAPPED = 'whatILike.tapped';
export type WalkEvent = FlowEvent | { type: typeof WHAT_I_LIKE_TAPPED };

function screenOf(flow: FlowSnapshot): FlowScreen {
  if (flow.status === 'done') return 'done';
  if (flow.matches('whatILike') && atDisclosure(flow)) return 'disclosure';
  return flow.value as FlowScreen;
}

const startsQuestions = (event: FlowEvent) =>
  event.type === 'xstate.done.actor.whatILike' && event.output.startsQuestions;

function walkEvents(snapshot: WalkedFlow): WalkEvent[] {
  const ends = stepEnds(snapshot);
  // At /disclosure the promises lead on to the questions, with no Skip.
  if (snapshot.screen === 'disclosure') return ends.filter(startsQuestions);
  // Before a first questionnaire, 'What I Like' opens the promises: a screen of its own.
  if (snapshot.screen === 'whatILike' && isFirstTime(snapshot)) {
    return [{ type: WHAT_I_LIKE_TAPPED }, ...ends.filter((end) => !startsQuestions(end))];
  }
  return ends;
}

type Scope = Parameters<typeof logic.transition>[2];

function walkTransition(snapshot: WalkedFlow, event: WalkEvent, scope: Scope): WalkedFlow {
  if (event.type === WHAT_I_LIKE_TAPPED) {
    return { ...snapshot, screen: 'disclosure', came: snapshot.screen };
  }
  const flow = logic.transition(snapshot, event as never, scope);
  const { finished } = event.output as { finished?: boolean };
  const how = snapshot.screen === 'questionnaire' ? 'answered' : 'skipped';
  return {
    ...flow,
    screen: screenOf(flow),
    came: snapshot.screen,
    finished: snapshot.finished ?? (finished === true ? how : null),
  };
}

/** The flow's chart as the walk takes it, from where `start` opens it. */
function walkedLogic(): typeof logic {
  return Object.create(logic, {
    getInitialSnapshot: {
      value: (...args: Parameters<typeof logic.getInitialSnapshot>) => {
        const flow = logic.getInitialSnapshot(...args);
        return { ...flow, screen: screenOf(flow), came: null, finished: null };
      },
    },
    transition: { value: walkTransition },
  }) as typeof logic;
}

/** What tells two of the walk's states apart: the flow's, the screen, where from, finished. */
export const serializeWalk = (snapshot: WalkedFlow) =>
  JSON.stringify({
    flow: JSON.parse(serialize(snapshot)) as unknown,
    screen: snapshot.screen,
    came: snapshot.came,
    finished: snapshot.finished,
  });

export const modelOf = (start: FlowStart) =>
  new TestModel<WalkedFlow, WalkEvent, unknown>(walkedLogic() as never, {
    events: walkEvents,
    serializeState: serializeWalk,
    stateMatcher: stateKeyMatcher,
    input: inputOf(start),
  });

/**
 * A screen the player rests on: not the questionnaire (its calls are under way as it opens; its
 * cards are the questionnaire's walk), nor /rewards with nothing to play (it moves on at once).
 */
export const isResting = ({ screen, context }: WalkedFlow) =>
  screen !== 'questionnaire' && !(screen === 'rewards' && context.rewards.length === 0);

/** The state as a test's name says it. */
export function describeState(snapshot: WalkedFlow): string {
  const rewards = snapshot.context.rewards.map(({ id }) => id);
  return [
    snapshot.screen === 'done' ? '/home' : snapshot.screen,
    ...(rewards.length > 0 ? [`(${rewards.join(', ')})`] : []),
    snapshot.came ? `after ${snapshot.came}` : 'where the flow opens',
    ...(snapshot.finished ? [`(questionnaire ${snapshot.finished})`] : []),
  ].join(' ');
}

export const describeWalkEvent = (event: WalkEvent) =>
  event.type === WHAT_I_LIKE_TAPPED ? "'What I Like'" : describeEvent(event);
