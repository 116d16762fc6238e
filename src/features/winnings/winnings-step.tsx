// The winnings flow's running steps for its screens (the drawer, the prize claim of /grandPrize,
// the contact form), and a screen rendered with its step: busy while the step is not running yet.
import { useSelector } from '@xstate/react';
import type { JSX } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { WinningsMachine } from '../../../machines/winnings/winnings.machine';
import { StepView } from '../../lib/step-view';
import { useChildActor } from '../../lib/system';

type WinningsSteps = SnapshotFrom<WinningsMachine>['children'];
export type WinningsStepId = keyof WinningsSteps;
export type WinningsStep<Id extends WinningsStepId> = NonNullable<WinningsSteps[Id]>;

/** The running step `id` of the winnings flow, while the flow shows that step. */
export function useWinningsStep<Id extends WinningsStepId>(id: Id): WinningsStep<Id> | undefined {
  const flow = useChildActor('winnings');
  return useSelector(flow, (snapshot) => snapshot?.children[id]);
}

export function WinningsStepView<Id extends WinningsStepId>({
  id,
  view,
}: {
  id: Id;
  view: (step: WinningsStep<Id>) => JSX.Element;
}): JSX.Element {
  return <StepView step={useWinningsStep(id)} view={view} />;
}
