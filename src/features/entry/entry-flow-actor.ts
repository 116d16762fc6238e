// The running entry flow, for the entry pages.
import type { SnapshotFrom } from 'xstate';
import type {
  EntryFlowEvent,
  EntryFlowMachine,
} from '../../../machines/entry-flow/entry-flow.machine';
import { useChildSelector, useChildSend } from '../../app/system';

/** A narrow read of the entry flow (use the selectors of entry-flow.selectors.ts). */
export function useEntryFlowSelector<T>(
  selector: (snapshot: SnapshotFrom<EntryFlowMachine>) => T,
): T {
  return useChildSelector('entryFlow', selector);
}

/** Sends an event to the entry flow. */
export function useEntryFlowSend(): (event: EntryFlowEvent) => void {
  return useChildSend('entryFlow');
}
