// The entry flow's screens, as the root shows them, and the address bar, kept in step
// (src/lib/route-sync.ts): the flow hears `route.opened` when the visitor opens one of its
// routes, with the query string and the history state it was opened with.
import { ENTRY_PATHS, type EntryPath } from '../../../machines/entry-flow/entry-flow.routes';
import type { EntryFlowEvent } from '../../../machines/entry-flow/entry-flow.machine';
import { useRouteSync, type Opening } from '../../lib/route-sync';
import { useChildActor } from '../../lib/system';

const PATHS: readonly string[] = ENTRY_PATHS;

function openedEntryRoute({ path, search, state }: Opening): EntryFlowEvent | null {
  if (!PATHS.includes(path)) return null;
  return { type: 'route.opened', path: path as EntryPath, search, navigationState: state };
}

function Sync({ actor }: { actor: NonNullable<ReturnType<typeof useChildActor<'entryFlow'>>> }) {
  useRouteSync(actor, openedEntryRoute);
  return null;
}

/** Keeps the running entry flow and the address bar in step; renders nothing. */
export function EntryRouteSync(): React.JSX.Element | null {
  const actor = useChildActor('entryFlow');
  return actor ? <Sync key={actor.sessionId} actor={actor} /> : null;
}
