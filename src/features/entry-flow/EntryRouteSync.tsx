// The entry flow's screens, as the root shows them, and the address bar, kept in step
// (src/lib/route-sync.ts): the flow hears `route.opened` when the visitor opens one of its
// routes, with the query string and the history state it was opened with.
import { ENTRY_PATHS, type EntryPath } from '../../../machines/entry-flow/entry-flow.routes';
import { PATHS as APP_PATHS } from '../../../machines/shared/paths';
import type { EntryFlowEvent } from '../../../machines/entry-flow/entry-flow.machine';
import { useRouteSync, type Opening } from '../../lib/route-sync';
import { useChildActor } from '../../lib/system';

const PATHS: readonly string[] = ENTRY_PATHS;

function openedEntryRoute({ path, search, state }: Opening): EntryFlowEvent | null {
  if (!PATHS.includes(path)) return null;
  return { type: 'route.opened', path: path as EntryPath, search, navigationState: state };
}

/**
 * The addresses the signed-out app has (its route table, app/routes.tsx): the entry flow's, the
 * install guide and the legal pages. Back or Forward onto any other (a signed-in screen left
 * when a 401 or a Logout signed the player out) steps past it instead of redirecting to the
 * starting page, which would show the screen Back left again.
 */
const SIGNED_OUT_PATHS: readonly string[] = [
  ...ENTRY_PATHS,
  APP_PATHS.install,
  APP_PATHS.privacyPolicy,
  APP_PATHS.terms,
  APP_PATHS.rules,
];
const isSignedOutPath = (path: string) => SIGNED_OUT_PATHS.includes(path);

function Sync({ actor }: { actor: NonNullable<ReturnType<typeof useChildActor<'entryFlow'>>> }) {
  useRouteSync(actor, openedEntryRoute, isSignedOutPath);
  return null;
}

/** Keeps the running entry flow and the address bar in step; renders nothing. */
export function EntryRouteSync(): React.JSX.Element | null {
  const actor = useChildActor('entryFlow');
  return actor ? <Sync key={actor.sessionId} actor={actor} /> : null;
}
