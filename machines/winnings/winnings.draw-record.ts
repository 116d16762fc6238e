// The draw record page's address, for the winnings flow: `/draws/:id` with its draw named.
import type { AnyActorRef } from 'xstate';
import { drawRecordPath, PATHS } from '../shared/paths';
import type { RouteMeta } from '../shared/routes';
import type { WinningsContext } from './winnings.types';

type Snapshot = object;

/** The record page's screen names its draw: `/draws/:id` reads `/draws/7` while 7 is shown. */
function withDrawRoute(snapshot: Snapshot): Snapshot {
  const drawId = (snapshot as { context?: WinningsContext }).context?.drawRecordId;
  if (drawId === null || drawId === undefined) return snapshot;
  const metas = (snapshot as { getMeta(): Record<string, unknown> }).getMeta();
  const named = Object.fromEntries(
    Object.entries(metas).map(([id, meta]) => [
      id,
      (meta as RouteMeta | undefined)?.route === PATHS.drawRecord
        ? { ...(meta as RouteMeta), route: drawRecordPath(drawId) }
        : meta,
    ]),
  );
  return { ...snapshot, getMeta: () => named };
}

/** The flow as its reporter sees it: the same actor, with the record's address filled in. */
export function namingDrawRoute(owner: AnyActorRef): AnyActorRef {
  return Object.assign(Object.create(owner) as AnyActorRef, {
    getSnapshot: (): Snapshot => withDrawRoute(owner.getSnapshot() as Snapshot),
    subscribe: (next: (snapshot: Snapshot) => void) =>
      owner.subscribe((snapshot: Snapshot) => next(withDrawRoute(snapshot))),
  });
}
