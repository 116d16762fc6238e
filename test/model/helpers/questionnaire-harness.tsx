// The running questionnaire for its model test: the machine under a listening parent, the view
// rendered with a fake API, the walk's coverage, and what the player sees on its screen.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { createActor, SimulatedClock, type Actor } from 'xstate';
import { createQuestionnaireActors } from '../../../machines/questionnaire/questionnaire.actors';
import {
  LOADING_QUESTIONS_KEY,
  TOAST_ANSWER_FAILED,
  TOAST_LOADING_QUESTIONS,
  TOAST_NO_QUESTION_LEFT,
  TOAST_QUESTIONS_FAILED,
  type QuestionnaireEmitted,
} from '../../../machines/questionnaire/questionnaire.machine';
import { routeOf } from '../../../machines/shared/routes';
import type { QuestionsStep } from '../../../src/lib/draw-status';
import { QuestionnaireView } from '../../../src/features/questionnaire/QuestionnairePage';
import type { CoverageRecorder } from './coverage';
import { CurrentApp } from './generated-walks';
import { FakeDrawLink, FakeQuestionsApi } from './questionnaire-fake-api';
import { type ModelEvent, type Walk, inputOf, logic } from './questionnaire-model';

// ---- the running questionnaire and its screen --------------------------------------------------

export type Running = Actor<typeof logic>;

/** `coverage` is the test file's own record of the walk: the helpers keep none between files. */
export function open(walk: Walk, coverage: CoverageRecorder) {
  const api = new FakeQuestionsApi();
  api.answerAlways('click', () => Promise.resolve({}));
  const draw = new FakeDrawLink(walk.drawEntry);
  const clock = new SimulatedClock();
  // Its parent (the questions flow, passing reports on to the draw) only listens; stopping it
  // stops the questionnaire.
  // The system is the parent's: its inspection sees the questionnaire's steps.
  const parent = draw.asParent({ clock, inspect: coverage.inspect });
  const actor: Running = createActor(logic.provide({ actors: createQuestionnaireActors(api) }), {
    id: 'questionnaire',
    input: inputOf(walk),
    clock,
    parent,
  });
  const emitted: QuestionnaireEmitted[] = [];
  // Listening before it starts: Tell Us More's 'Loading questions' shows at once.
  actor.on('*', (effect) => void emitted.push(effect));
  actor.start();
  const view = render(
    <QuestionnaireView step={actor as unknown as QuestionsStep<'questionnaire'>} />,
  );
  return {
    walk,
    api,
    clock,
    draw,
    parent,
    actor,
    emitted,
    view,
    user: userEvent.setup(),
    /** The last event walked, for what the end of the questionnaire says. */
    last: null as ModelEvent | null,
  };
}

export const current = new CurrentApp<ReturnType<typeof open>>('The questionnaire is not running.');
export const app = current.get;

// ---- what the player sees ----------------------------------------------------------------------

export const button = (name: string) => screen.getByRole('button', { name });
export const real = () => app().actor.getSnapshot();
export const answered = () => real().context.questionnaireProgress;
export const toasts = () => app().emitted.filter((effect) => effect.type === 'toast');

export const LOADING_TOAST = {
  type: 'toast',
  message: TOAST_LOADING_QUESTIONS,
  variant: 'loading',
  key: LOADING_QUESTIONS_KEY,
  persist: true,
} as const;

/** What every screen of the questionnaire shows: its route, the Home link of Tell Us More. */
export function expectFrame(busy: boolean) {
  expect(routeOf(real())).toBe('/questionnaire');
  const home = screen.queryByRole('link', { name: 'Home' });
  expect(home !== null).toBe(app().walk.mode === 'tellUsMore');
  if (home) expect(home.getAttribute('href')).toBe('/home');
  expect(screen.getByRole('main').getAttribute('aria-busy')).toBe(String(busy));
}

export const TUTORIAL_TEXT = "The More You Tell Us, The More You'll Win Exactly what you want";

export function expectProgress() {
  screen.getByText(`Question ${Math.min(answered() + 1, 5)} of 5`);
  const { resumeAt } = app().walk;
  if (resumeAt === undefined || answered() !== resumeAt) return;
  // A batch resumed after a reload: the card it was on, with no tutorial before it.
  screen.getByText(`Question ${resumeAt + 1} of 5`);
  expect(screen.queryByText(TUTORIAL_TEXT)).toBeNull();
}

/** The grey card while the next question (or the entry) is on its way. */
export function expectLoadingCard() {
  screen.getByLabelText('Loading the question');
  expect(screen.queryByRole('button', { name: 'Yes' })).toBeNull();
  expect(screen.queryByTestId('question-card')).toBeNull();
}

export function expectChoices(enabled: boolean) {
  for (const name of ['No', 'Skip this question', 'Yes', 'Skip']) {
    expect((button(name) as HTMLButtonElement).disabled).toBe(!enabled);
  }
}

/** The question on its card, told to the draw; its answers enabled once it is ready. */
export async function expectCard(ready: boolean) {
  expectFrame(false);
  const question = real().context.question!;
  screen.getByText(question.prompt);
  expectProgress();
  expectChoices(ready);
  const hint = screen.queryByText('Swipe right for Yes, left for No');
  expect(hint !== null).toBe(app().walk.isFirstQuestionnaire && answered() === 0);
  expect(app().draw.reports.at(-1)).toEqual({
    type: 'questionnaire.questionShown',
    question,
    answered: answered(),
  });
  await screen.findByTestId('question-card');
}

/** Tell Us More's 'Loading questions' showed; it is dismissed once the server has answered. */
export function expectLoadingToast(dismissed: boolean) {
  if (app().walk.mode !== 'tellUsMore') return;
  expect(app().emitted[0]).toEqual(LOADING_TOAST);
  const dismissals = app().emitted.filter((effect) => effect.type === 'dismissToast');
  expect(dismissals).toEqual(
    dismissed ? [{ type: 'dismissToast', key: LOADING_QUESTIONS_KEY }] : [],
  );
}

/** The toast that says why the questionnaire ended early (spec section 8). */
export function toastForEnd(event: ModelEvent | null) {
  if (event === null || !('error' in event)) return null;
  switch (event.type) {
    case 'xstate.error.actor.answerQuestion':
      return { type: 'toast', message: TOAST_ANSWER_FAILED, variant: 'error' };
    case 'xstate.error.actor.startTellUsMore':
    case 'xstate.error.actor.fetchNextQuestion':
      return event.error.status === 404
        ? { type: 'toast', message: TOAST_NO_QUESTION_LEFT, variant: 'info' }
        : { type: 'toast', message: TOAST_QUESTIONS_FAILED, variant: 'error' };
    case 'xstate.error.actor.findEntry':
      return { type: 'toast', message: TOAST_QUESTIONS_FAILED, variant: 'error' };
    default:
      return null;
  }
}
