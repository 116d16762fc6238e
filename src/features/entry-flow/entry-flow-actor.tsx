// The running entry flow and its steps, for the entry pages: a page finds the step its screen
// runs (the flow invokes one at a time) and hands it to the view, which reads it with narrow
// selectors (entry-flow.selectors.ts) and sends to it.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { EntryFlowMachine } from '../../../machines/entry-flow/entry-flow.machine';
import type { EntryStepId, ENTRY_STEPS } from '../../../machines/entry-flow/entry-flow.steps';
import { ScreenSkeleton } from '../../components/LoadingScreen';
import { useChildActor, useChildSelector } from '../../lib/system';

export type EntryStep<Id extends EntryStepId> = ActorRefFrom<(typeof ENTRY_STEPS)[Id]>;

/** A narrow read of the entry flow itself (which screen, what the address carries). */
export function useEntryFlowSelector<T>(
  selector: (snapshot: SnapshotFrom<EntryFlowMachine>) => T,
): T {
  return useChildSelector('entryFlow', selector);
}

/** The running step `id` of the entry flow, while its screen is on display. */
export function useEntryStep<Id extends EntryStepId>(id: Id): EntryStep<Id> | undefined {
  const flow = useChildActor('entryFlow');
  return useSelector(flow, (snapshot) => snapshot?.children[id] as EntryStep<Id> | undefined);
}

/** Renders `view` with the running step `id`; a busy screen's skeleton while it is not running. */
export function Step<Id extends EntryStepId>({
  id,
  view,
}: {
  id: Id;
  view: (step: EntryStep<Id>) => React.JSX.Element;
}): React.JSX.Element {
  const step = useEntryStep(id);
  return step ? (
    view(step)
  ) : (
    <main className="screen entry" aria-busy="true">
      <ScreenSkeleton />
    </main>
  );
}
