// Renders a screen of the questions flow with its running step (What I Like, the questionnaire,
// the rewards): a busy screen while the step is not running yet.
import type { JSX } from 'react';
import { useQuestionsStep, type QuestionsStep, type QuestionsStepId } from './draw-status';

export function QuestionsStepView<Id extends QuestionsStepId>({
  id,
  view,
}: {
  id: Id;
  view: (step: QuestionsStep<Id>) => JSX.Element;
}): JSX.Element {
  const step = useQuestionsStep(id);
  return step ? view(step) : <main className="screen" aria-busy="true" aria-label="Loading" />;
}
