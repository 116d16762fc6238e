import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { Link } from 'wouter';
import { BoldGlyph } from '../../components/Icon';
import { Swipeable } from '../../components/Swipeable';
import { QuestionsStepView } from '../../lib/questions-step';
import type { QuestionsStep } from '../../lib/draw-status';
import {
  selectCanAnswer,
  selectIsBusy,
  selectIsTutorial,
  selectProgress,
  selectPrompt,
  selectShowHome,
  selectShowsSwipeHint,
} from '../../../machines/questionnaire/questionnaire.selectors';
import type { CardChoice } from '../../../machines/questionnaire/questionnaire.types';
import { cardChoiceOf } from './card-swipe';
import { SwipeHint } from './SwipeHint';
import './questions.css';

type Step = QuestionsStep<'questionnaire'>;

/** Tell Us More from the tab, or the batch What I Like started: the header names which. */
const selectIsTellUsMore = (s: SnapshotFrom<Step>) => s.context.isTellUsMore;

function TutorialCard({ step }: { step: Step }) {
  const dismiss = () => step.send({ type: 'card.dismissTutorial' });
  return (
    <Swipeable
      className="question-card question-card--tutorial"
      testId="question-card"
      axis="x"
      tilt
      onRelease={(dx, dy, pointer) => {
        if (cardChoiceOf(dx, dy, pointer) !== null) dismiss();
      }}
    >
      <p className="question-card__prompt">
        The More You Tell Us, The More You&apos;ll Win Exactly what you want
      </p>
      <p className="question-card__hint">Swipe this card to start</p>
      <button type="button" className="secondary-button question-card__start" onClick={dismiss}>
        Start
      </button>
    </Swipeable>
  );
}

/** The mark on an answer button: a cross for No, a tick for Yes (the word names it). */
function ChoiceIcon({ d }: { d: string }) {
  return <BoldGlyph className="question-card__choice-icon" d={d} size={20} />;
}

/** The batch so far, one bar per question: drawn for the eye, the heading says it in words. */
function ProgressBars({ done, total }: { done: number; total: number }) {
  return (
    <div className="questionnaire__bars" aria-hidden="true">
      {Array.from({ length: total }, (_, index) => (
        <span
          key={index}
          className={`questionnaire__bar${index < done ? ' questionnaire__bar--done' : ''}${
            index === done ? ' questionnaire__bar--now' : ''
          }`}
        />
      ))}
    </div>
  );
}

function QuestionCard({ step, prompt }: { step: Step; prompt: string }) {
  const canAnswer = useSelector(step, selectCanAnswer);
  const swipeHint = useSelector(step, selectShowsSwipeHint);
  // The machine takes one answer per card shown; a second tap or a swipe's trailing input is
  // dropped there, so every gesture is simply sent.
  const answer = (choice: CardChoice) => step.send({ type: 'card.answer', choice });
  return (
    <>
      <Swipeable
        className="question-card"
        testId="question-card"
        axis="x"
        tilt
        onRelease={(dx, dy, pointer) => {
          const choice = cardChoiceOf(dx, dy, pointer);
          if (choice) answer(choice);
        }}
      >
        <p className="question-card__prompt">{prompt}</p>
        {swipeHint && <SwipeHint />}
      </Swipeable>
      <div className="question-card__choices" role="group" aria-label="Your answer">
        <button
          type="button"
          className="question-card__choice question-card__choice--no"
          disabled={!canAnswer}
          onClick={() => answer('no')}
        >
          <ChoiceIcon d="M6 6l12 12M18 6 6 18" />
          No
        </button>
        <button
          type="button"
          className="question-card__marker"
          aria-label="Skip this question"
          disabled={!canAnswer}
          onClick={() => answer('skip')}
        />
        <button
          type="button"
          className="question-card__choice question-card__choice--yes"
          disabled={!canAnswer}
          onClick={() => answer('yes')}
        >
          <ChoiceIcon d="m5 12.5 4.5 4.5L19 7.5" />
          Yes
        </button>
      </div>
      <button
        type="button"
        className="link-button questions__skip"
        disabled={!canAnswer}
        onClick={() => answer('skip')}
      >
        Skip
      </button>
    </>
  );
}

export function QuestionnaireView({ step }: { step: Step }) {
  const prompt = useSelector(step, selectPrompt);
  const tutorial = useSelector(step, selectIsTutorial);
  const busy = useSelector(step, selectIsBusy);
  const showHome = useSelector(step, selectShowHome);
  // The tutorial is headed by what the player started: the What I Like batch or Tell Us More.
  const tutorialHeading = useSelector(step, selectIsTellUsMore) ? 'Tell Us More' : 'What I Like';
  const { done, total } = useSelector(step, selectProgress, (a, b) => a.done === b.done);
  return (
    <main className="screen questions questionnaire" aria-busy={busy}>
      <header className="questionnaire__header">
        {showHome && (
          <Link href="/home" className="link-button questionnaire__home">
            Home
          </Link>
        )}
        <h1 className="questionnaire__progress" aria-live="polite">
          {tutorial ? tutorialHeading : `Question ${Math.min(done + 1, total)} of ${total}`}
        </h1>
      </header>
      {!tutorial && total > 0 && <ProgressBars done={done} total={total} />}
      {tutorial ? (
        <TutorialCard step={step} />
      ) : prompt === null ? (
        <div className="question-card question-card--loading" aria-label="Loading the question" />
      ) : (
        <QuestionCard step={step} prompt={prompt} />
      )}
    </main>
  );
}

/** /questionnaire: the swipe cards, after What I Like or from Tell Us More. */
export function QuestionnairePage() {
  return (
    <QuestionsStepView id="questionnaire" view={(step) => <QuestionnaireView step={step} />} />
  );
}
