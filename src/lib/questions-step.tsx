// Renders a screen of the questions flow with its running step (What I Like, the questionnaire,
// the rewards): a busy screen while the step is not running yet.
import type { JSX } from 'react';
import { useQuestionsStep, type QuestionsStep, type QuestionsStepId } from './draw-status';
import { StepView } from './step-view';

export function QuestionsStepView<Id extends QuestionsStepId>({
  id,
  view,
}: {
  id: Id;
  view: (step: QuestionsStep<Id>) => JSX.Element;
}): JSX.Element {
  return <StepView step={useQuestionsStep(id)} view={view} />;
}
