// Renders a flow's screen with its running step: the busy screen while the step is not running
// yet (the questions flow's and the winnings flow's screens alike).
import type { JSX } from 'react';
import { LoadingScreen } from '../components/LoadingScreen';

export function StepView<Step>({
  step,
  view,
}: {
  step: Step | undefined;
  view: (step: Step) => JSX.Element;
}): JSX.Element {
  return step ? view(step) : <LoadingScreen />;
}
