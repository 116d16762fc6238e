// What the draw's chart (draw-cycle.machine.ts) is built from: its types, the actors it invokes,
// its named delay, and its guards and actions, each a rule of the spec (most of them written out
// in draw-cycle.rules.ts). The chart itself reads on its own; this is where each name is defined.
import { assign, enqueueActions, raise, sendTo, setup } from 'xstate';
import type { AnyActorRef } from 'xstate';
import type { DrawEntry, GrandPrize, TimerResponse } from '../../contract/api';
import type { Question } from '../questionnaire/questionnaire.types';
import { type CallFailure } from '../shared/call-failure';
import { effectAtRoot, reportToRoot } from '../shared/root';
import { disconnectedDrawCycleActors } from './draw-cycle.actors';
import { drawKeptOnDevice } from './draw-cycle.persistence';
import {
  announcedNow,
  enteredNow,
  heldGrandPrize,
  QUESTIONNAIRE_FINISHED,
  questionnaireFlagsOf,
  questionsModeFor,
  questionsPlanOf,
  questionsStartFor,
  isFinishedQuestionsAddress,
  withQuestionShown,
  timeLeftNow,
  withEntry,
  withTimer,
} from './draw-cycle.rules';
import {
  sessionFlagsOf,
  TOAST_ENTER_FAILED,
  unannouncedGrandPrize,
  type DrawCycleContext,
  type DrawCycleEmitted,
  type DrawCycleEvent,
  type DrawCycleInput,
  type SessionFlags,
} from './draw-cycle.types';

export const drawCycleSetup = setup({
  types: {
    context: {} as DrawCycleContext,
    events: {} as DrawCycleEvent,
    input: {} as DrawCycleInput,
    emitted: {} as DrawCycleEmitted,
  },
  actors: {
    ...disconnectedDrawCycleActors,
    // Its screen (/home), and what the device keeps of it (draw-storage, hasClickedButton).
    reportToRoot: reportToRoot({
      kept: ({ context }: { context: DrawCycleContext }) => drawKeptOnDevice(context),
    }),
  },
  delays: {
    /** The 'YOU WON!' view stays 3 s (spec section 9). */
    grandPrizeOverlay: 3000,
  },
  guards: {
    canEnterDraw: ({ context }) => context.canEnterDraw,
    cannotEnterDraw: ({ context }) => !context.canEnterDraw,
    // The press resumes what is under way instead of entering twice.
    hasQuestionnaireOrEntry: ({ context }) =>
      context.currentQuestionnaire !== null || context.currentDrawEntry !== null,
    hasTimeLeft: ({ context }) => context.timeLeft > 0,
    isTimeUp: ({ context }) => context.timeLeft === 0,
    // Spec section 4: at zero the timer is asked again unless the player can already enter or
    // is a first-time user (a fetch in progress is the third exception, checked by state).
    shouldRefetchAtZero: ({ context }) => !context.canEnterDraw && !context.flags.isFirstTimeUser,
    hasUnannouncedGrandPrize: ({ context }, prizes: GrandPrize[]) =>
      unannouncedGrandPrize(prizes, context) !== undefined,
    isOpening: ({ event }, path: string) => event.type === 'route.opened' && event.path === path,
    opensFinishedQuestions: ({ context, event }) =>
      event.type === 'route.opened' && isFinishedQuestionsAddress(context, event.path),
    opensQuestions: ({ context, event }) =>
      event.type === 'route.opened' && questionsStartFor(context, event.path) !== null,
    // A device that does not know of the player's entry in the open draw (another device
    // pressed) asks whether the questionnaire is done: then the countdown shows, not the button.
    shouldCheckQuestionnaire: ({ context }, timer: TimerResponse) =>
      !timer.cycle_finished &&
      context.canEnterDraw &&
      context.currentDrawEntry === null &&
      !context.hasFinishedQuestionnaire,
    hasFinishedElsewhere: (_, finished: boolean) => finished,
  },
  actions: {
    // Spec section 4, entering a draw (draw-cycle.rules.ts).
    markEntered: assign(({ context }) => enteredNow(context)),
    recordEntry: assign(({ context }, params: { entry: DrawEntry }) =>
      withEntry(context, params.entry),
    ),
    toastEntryFailure: effectAtRoot((failure: CallFailure) => ({
      type: 'toast',
      message: failure.detail ?? TOAST_ENTER_FAILED,
      variant: 'error',
    })),
    recomputeTimeLeft: assign(({ context }) => ({ timeLeft: timeLeftNow(context) })),
    // At 0 with entering blocked, entering is allowed again; the entry counted down belongs to
    // a draw that is over, so the next press enters the next draw.
    allowEntryAgain: assign({
      canEnterDraw: true,
      currentDrawEntry: null,
      currentQuestionnaire: null,
      questionsAnswered: 0,
      hasFinishedQuestionnaire: false,
    }),
    requestRefetch: raise({ type: 'countdown.ended' }),
    // Spec section 4, the timer, rule by rule (draw-cycle.rules.ts).
    applyTimer: assign(({ context }, timer: TimerResponse) => withTimer(context, timer)),
    holdGrandPrize: assign(({ context }, prizes: GrandPrize[]) => heldGrandPrize(context, prizes)),
    // Remembered as announced the moment it shows: leaving or closing the app within the 3 s
    // does not bring it back.
    markGrandPrizeAnnounced: assign(({ context }) => ({ announcedHere: announcedNow(context) })),
    hideGrandPrize: assign({ grandPrizeAmount: null, grandPrizeDrawId: null }),
    // The winnings flow keeps the prize waiting for a claim ('Claim your $X prize' on /home).
    tellWinningsOfPrizes: enqueueActions(({ enqueue, system, self }, prizes: GrandPrize[]) => {
      const session = system.get('session') as AnyActorRef | undefined;
      if (session && session !== self) {
        enqueue.sendTo(session, { type: 'session.grandPrizesLoaded', prizes });
      }
    }),
    // To the session, by its system id; it sends the flags back changed.
    tellSessionGrandPrizeShown: sendTo(
      ({ system }) => system.get('session') as AnyActorRef,
      ({ context }) => ({
        type: 'session.grandPrizeShown' as const,
        drawId: context.grandPrizeDrawId ?? 0,
      }),
    ),
    storeFlags: assign((_, flags: SessionFlags) => ({ flags: sessionFlagsOf(flags) })),
    // What the questions flow started with has changed: the flow hears it if it runs.
    raiseQuestionsInputChanged: raise({ type: 'questions.inputChanged' }),
    // The questions flow hears what it started with anew: the flags and the entry (the press's
    // answer may come after 'You're Entered To Win' shows).
    tellQuestionsFlow: sendTo('questionsFlow', ({ context }) => ({
      type: 'draw.changed' as const,
      flags: questionnaireFlagsOf(context),
      drawEntry: context.currentDrawEntry,
    })),
    // The questions flow (machines/questionnaire/questions-flow.machine.ts) and what it reports.
    startQuestionsAt: assign(({ context }, params: { path: string }) => {
      const start = questionsStartFor(context, params.path) ?? 'youveEntered';
      return { questionsStart: start, questionsMode: questionsModeFor(context, start) };
    }),
    beginTellUsMore: assign(({ context }) =>
      questionsPlanOf(context).mode === 'tellUsMore' ? { isAnsweringFromTellUsMore: true } : {},
    ),
    // Spec section 4: leaving Tell Us More ends its session (the tab bar is whole again). The
    // batch and its entry stay until it is answered: Forward or the tab take the player back to
    // the card they left, and the entry Tell Us More made shows the countdown on /home.
    endTellUsMore: assign({ isAnsweringFromTellUsMore: false }),
    showQuestion: assign((_, params: { question: Question; answered: number }) =>
      withQuestionShown(params.question, params.answered),
    ),
    keepEntry: assign(({ context }, entry: DrawEntry) => ({
      currentDrawEntry: context.currentDrawEntry ?? entry,
    })),
    storeFinishedCheck: assign((_, finished: boolean) => ({ hasFinishedQuestionnaire: finished })),
    holdCountdown: assign({ canEnterDraw: false, hasFinishedQuestionnaire: true }),
    finishQuestionnaire: assign(QUESTIONNAIRE_FINISHED),
    markGiftCardReceived: assign({ hasReceivedGC: true }),
  },
});
