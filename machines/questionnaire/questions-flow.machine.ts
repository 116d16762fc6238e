// The questions and rewards after a press, or from Tell Us More (spec sections 2 and 4): 'You're
// Entered To Win', the rewards the entry brought, What I Like, the questionnaire and the rewards
// it earned. The draw invokes it while one of these screens shows and goes back to /home when it
// ends. Each screen is a step of its own (a child machine whose state names its route) that ends
// with an output this flow branches on; the flow tells the draw what draw-storage keeps.
import { assign, enqueueActions, setup } from 'xstate';
import type { DrawEntry, Reward } from '../../contract/api';
import { YOUVE_ENTERED_PATH } from '../draw-cycle/draw-cycle.types';
import { youveEnteredMachine } from '../draw-cycle/youve-entered.machine';
import { reportToRoot } from '../shared/root';
import type { RouteMeta } from '../shared/routes';
import { rewardPlaybackMachine } from '../reward-playback/reward-playback.machine';
import { questionnaireMachine } from './questionnaire.machine';
import type { QuestionnaireMode, QuestionnaireReport } from './questionnaire.types';
import { whatILikeMachine } from './what-i-like.machine';

/** The screen the flow opens on: the one after a press, or an address the player opened. */
export type QuestionsFlowStart =
  'youveEntered' | 'rewards' | 'whatILike' | 'disclosure' | 'questionnaire' | 'tellUsMore';

/** The session's and the draw's flags, as they are when a step starts. */
export type QuestionnaireFlags = {
  isFirstTimeUser: boolean;
  isFirstQuestionnaire: boolean;
  hasFinishedQuestionnaire: boolean;
};

/**
 * The questionnaire the flow runs: Tell Us More or the batch of a press, and the answers already
 * given when a batch under way is resumed (a reload, Back, Forward), null for a new one.
 */
export type QuestionsPlan = { mode: QuestionnaireMode; resumeAt: number | null };

/** A new questionnaire: Tell Us More from its start, the batch of a press otherwise. */
export function freshPlan(start: QuestionsFlowStart): QuestionsPlan {
  return { mode: start === 'tellUsMore' ? 'tellUsMore' : 'batch', resumeAt: null };
}

export type QuestionsFlowInput = {
  start: QuestionsFlowStart;
  /** A new questionnaire unless given (`freshPlan`). */
  plan?: QuestionsPlan;
  /** The session's and the draw's flags as the flow starts (`draw.changed` brings new ones). */
  flags: QuestionnaireFlags;
  /** The draw's entry as the flow starts (the press's answer may come later). */
  drawEntry: DrawEntry | null;
};

/** What the flow hears: its steps' reports, passed on to the draw, and the draw's changes. */
export type QuestionsFlowEvent =
  | QuestionnaireReport
  | { type: 'draw.changed'; flags: QuestionnaireFlags; drawEntry: DrawEntry | null };

export type QuestionsFlowContext = QuestionsFlowInput & {
  plan: QuestionsPlan;
  rewards: Reward[];
  /** The rewards on screen came from the check after a press. */
  rewardsFromYouveEntered: boolean;
};

export const questionsFlowMachine = setup({
  types: {
    context: {} as QuestionsFlowContext,
    input: {} as QuestionsFlowInput,
    events: {} as QuestionsFlowEvent,
    children: {} as {
      youveEntered: 'youveEntered';
      rewardPlayback: 'rewardPlayback';
      whatILike: 'whatILike';
      questionnaire: 'questionnaire';
    },
  },
  actors: {
    youveEntered: youveEnteredMachine,
    rewardPlayback: rewardPlaybackMachine,
    whatILike: whatILikeMachine,
    questionnaire: questionnaireMachine,
    reportToRoot: reportToRoot(),
  },
  guards: {
    startsAt: ({ context }, starts: readonly QuestionsFlowStart[]) =>
      starts.includes(context.start),
    hasRewards: (_, rewards: Reward[]) => rewards.length > 0,
    leadsToWhatILike: (_, output: { toWhatILike: boolean }) => output.toWhatILike,
    hasChosenQuestions: (_, output: { startsQuestions: boolean }) => output.startsQuestions,
  },
  actions: {
    showRewards: assign((_, params: { rewards: Reward[]; fromYouveEntered: boolean }) => ({
      rewards: params.rewards,
      rewardsFromYouveEntered: params.fromYouveEntered,
    })),
    clearRewards: assign({ rewards: [], rewardsFromYouveEntered: false }),
    // To the draw, the flow's parent (draw-storage keeps what it hears); a flow walked on its
    // own (a path walk) has no parent to tell.
    tellDraw: enqueueActions(({ enqueue, self }, report: QuestionnaireReport | null) => {
      if (report && self._parent) enqueue.sendTo(self._parent, report);
    }),
    passOnReport: enqueueActions(({ enqueue, event, self }) => {
      if (event.type.startsWith('questionnaire.') && self._parent) {
        enqueue.sendTo(self._parent, event);
      }
    }),
    storeDrawChange: assign(({ event }) =>
      event.type === 'draw.changed' ? { flags: event.flags, drawEntry: event.drawEntry } : {},
    ),
  },
}).createMachine({
  id: 'questionsFlow',
  context: ({ input }) => ({
    ...input,
    plan: input.plan ?? freshPlan(input.start),
    rewards: [],
    rewardsFromYouveEntered: false,
  }),
  // Its own screen ('You're Entered To Win'), told to the root; each step reports its own.
  invoke: { src: 'reportToRoot', input: ({ self }) => ({ owner: self }) },
  on: {
    'draw.changed': { actions: 'storeDrawChange' },
    // The questionnaire's progress, for the draw to keep.
    'questionnaire.questionShown': { actions: 'passOnReport' },
    'questionnaire.finishedChecked': { actions: 'passOnReport' },
    'questionnaire.entryFound': { actions: 'passOnReport' },
  },
  initial: 'routing',
  states: {
    routing: {
      always: [
        { guard: { type: 'startsAt', params: ['youveEntered'] }, target: 'youveEntered' },
        { guard: { type: 'startsAt', params: ['rewards'] }, target: 'rewards' },
        { guard: { type: 'startsAt', params: ['whatILike', 'disclosure'] }, target: 'whatILike' },
        { target: 'questionnaire' },
      ],
    },
    youveEntered: {
      description: "'You're Entered To Win' for 1.5 s, then the rewards decide where next.",
      // Seen once: Back from the screen after it goes to /home, not through it and forward again.
      meta: { route: YOUVE_ENTERED_PATH, once: true, tabs: 'questions' } satisfies RouteMeta,
      invoke: {
        id: 'youveEntered',
        src: 'youveEntered',
        onDone: [
          {
            guard: { type: 'hasRewards', params: ({ event }) => event.output.rewards },
            target: 'rewards',
            actions: {
              type: 'showRewards',
              params: ({ event }) => ({ rewards: event.output.rewards, fromYouveEntered: true }),
            },
          },
          { target: 'whatILike' },
        ],
      },
    },
    rewards: {
      description: 'The rewards play one by one; a gift card after a press leads to What I Like.',
      exit: 'clearRewards',
      invoke: {
        id: 'rewardPlayback',
        src: 'rewardPlayback',
        input: ({ context }) => ({
          rewards: context.rewards,
          fromYouveEntered: context.rewardsFromYouveEntered,
        }),
        onDone: [
          {
            guard: { type: 'leadsToWhatILike', params: ({ event }) => event.output },
            target: 'whatILike',
            actions: { type: 'tellDraw', params: { type: 'questionnaire.giftCardReceived' } },
          },
          {
            target: 'done',
            actions: {
              type: 'tellDraw',
              params: ({ event }) =>
                event.output.hasReceivedGC ? { type: 'questionnaire.giftCardReceived' } : null,
            },
          },
        ],
      },
    },
    whatILike: {
      description: "'What I Like' or 'Skip' (the product's promises before the first time).",
      invoke: {
        id: 'whatILike',
        src: 'whatILike',
        input: ({ context }) => ({
          atDisclosure: context.start === 'disclosure' && context.flags.isFirstQuestionnaire,
          isFirstQuestionnaire: context.flags.isFirstQuestionnaire,
          drawEntry: context.drawEntry,
        }),
        onDone: [
          {
            guard: { type: 'hasChosenQuestions', params: ({ event }) => event.output },
            target: 'questionnaire',
          },
          {
            guard: { type: 'hasRewards', params: ({ event }) => event.output.rewards },
            target: 'rewards',
            actions: [
              { type: 'tellDraw', params: { type: 'questionnaire.finished' } },
              {
                type: 'showRewards',
                params: ({ event }) => ({ rewards: event.output.rewards, fromYouveEntered: false }),
              },
            ],
          },
          {
            target: 'done',
            actions: {
              type: 'tellDraw',
              params: ({ event }) =>
                event.output.finished ? { type: 'questionnaire.finished' } : null,
            },
          },
        ],
      },
    },
    questionnaire: {
      description: 'The swipe cards: 5 questions after What I Like, or Tell Us More.',
      invoke: {
        id: 'questionnaire',
        src: 'questionnaire',
        input: ({ context }) => ({
          mode: context.plan.mode,
          resumeAt: context.plan.resumeAt,
          drawEntry: context.drawEntry,
          ...context.flags,
        }),
        onDone: [
          {
            guard: { type: 'hasRewards', params: ({ event }) => event.output.rewards },
            target: 'rewards',
            actions: [
              { type: 'tellDraw', params: { type: 'questionnaire.finished' } },
              {
                type: 'showRewards',
                params: ({ event }) => ({ rewards: event.output.rewards, fromYouveEntered: false }),
              },
            ],
          },
          {
            target: 'done',
            actions: {
              type: 'tellDraw',
              params: ({ event }) =>
                event.output.finished ? { type: 'questionnaire.finished' } : null,
            },
          },
        ],
      },
    },
    done: { type: 'final', description: 'Over: the draw shows /home.' },
  },
});

export type QuestionsFlowMachine = typeof questionsFlowMachine;
