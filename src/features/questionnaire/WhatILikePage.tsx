import { useSelector } from '@xstate/react';
import { QuestionsStepView } from '../../lib/questions-step';
import type { QuestionsStep } from '../../lib/draw-status';
import {
  selectCanSkip,
  selectCanStart,
  selectIsFirstQuestionnaire,
  selectIsSkipping,
} from '../../../machines/questionnaire/questionnaire.selectors';
import './questions.css';

export function WhatILikeView({ step }: { step: QuestionsStep<'whatILike'> }) {
  const canStart = useSelector(step, selectCanStart);
  const canSkip = useSelector(step, selectCanSkip);
  const skipping = useSelector(step, selectIsSkipping);
  const firstTime = useSelector(step, selectIsFirstQuestionnaire);
  return (
    <main className="screen questions what-i-like" aria-busy={skipping}>
      <h1 className="questions__title">Win more of what you like</h1>
      <p className="questions__lead">
        Answer 5 quick yes or no questions and we pick coupons and gift cards that fit you. Your
        chances in the draw stay the same whatever you answer.
      </p>
      {firstTime && (
        <p className="questions__lead questions__lead--first">
          Your first answers also win you a random prize, straight into your winnings.
        </p>
      )}
      <button
        type="button"
        className="what-i-like__button"
        disabled={!canStart}
        onClick={() => step.send({ type: 'whatILike.start' })}
      >
        What I Like
      </button>
      <button
        type="button"
        className="link-button what-i-like__skip"
        disabled={!canSkip}
        onClick={() => step.send({ type: 'whatILike.skip' })}
      >
        {skipping ? 'Skipping…' : 'Skip'}
      </button>
    </main>
  );
}

/** /what-i-like: the questions after a press, or Skip. */
export function WhatILikePage() {
  return <QuestionsStepView id="whatILike" view={(step) => <WhatILikeView step={step} />} />;
}
