import { useSelector } from '@xstate/react';
import { QuestionsStepView } from '../../lib/questions-step';
import type { QuestionsStep } from '../../lib/draw-status';
import './questions.css';

/** The product's promises (spec section 1), before a player's first questionnaire. */
export const PROMISES = [
  {
    title: 'Advertisers give you chances',
    body: 'Our advertisers give you chances to win prizes and discounts for things you are interested in.',
  },
  {
    title: 'Your details stay yours',
    body: 'We never disclose your email, your phone number or your name.',
  },
  {
    title: 'Anonymous answers',
    body: 'Whatever you share with us is anonymous.',
  },
  {
    title: 'Always optional',
    body: 'Every question is optional, and your answers never change your odds in the draw.',
  },
] as const;

export function DisclosureView({ step }: { step: QuestionsStep<'whatILike'> }) {
  const canContinue = useSelector(step, (s) => s.can({ type: 'disclosure.continue' }));
  return (
    <main className="screen questions disclosure">
      <h1 className="questions__title">Before you start</h1>
      <ul className="disclosure__list">
        {PROMISES.map((promise) => (
          <li key={promise.title} className="disclosure__item">
            <svg
              className="disclosure__tick"
              viewBox="0 0 20 20"
              width="20"
              height="20"
              aria-hidden="true"
              focusable="false"
            >
              <circle cx="10" cy="10" r="10" fill="currentColor" />
              <path
                d="m5.5 10.5 3 3 6-6.5"
                fill="none"
                className="disclosure__tick-mark"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <h2 className="disclosure__heading">{promise.title}</h2>
            <p className="disclosure__body">{promise.body}</p>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="primary-button"
        disabled={!canContinue}
        onClick={() => step.send({ type: 'disclosure.continue' })}
      >
        Got it, let&apos;s go
      </button>
    </main>
  );
}

/** /disclosure: read by What I Like's step before the first questionnaire. */
export function DisclosurePage() {
  return <QuestionsStepView id="whatILike" view={(step) => <DisclosureView step={step} />} />;
}
