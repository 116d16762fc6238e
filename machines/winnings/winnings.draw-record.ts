// The draw record page's rules (/draws/{id}), for the winnings flow: the page a draw's address
// opens, what each step of the check adds to it, and the page's address with its draw named.
import type { AnyActorRef } from 'xstate';
import { drawIdInPath, drawRecordPath, PATHS } from '../shared/paths';
import type { RouteMeta } from '../shared/routes';
import {
  openDrawRecordPage,
  type DrawRecordPage,
  type WinningsContext,
  type WinningsEvent,
} from './winnings.types';

/** The record page an address opens: none unless it names a draw. */
export function drawRecordOpenedAt(path: string): DrawRecordPage | null {
  const id = drawIdInPath(path);
  return id === null ? null : openDrawRecordPage(id);
}

/** What the check told of the draw so far; a retry starts the page afresh. */
export function drawRecordAfter(page: DrawRecordPage, event: WinningsEvent): DrawRecordPage {
  switch (event.type) {
    case 'drawRecord.loaded':
    case 'drawRecord.stillOpen':
      return { ...page, draw: event.draw };
    case 'drawRecord.progress':
      return { ...page, entryIdsRead: event.read };
    case 'drawRecord.checked':
      return {
        ...page,
        entryIdsRead: page.draw?.entries_count ?? page.entryIdsRead,
        differences: event.differences,
      };
    case 'drawRecord.failed':
      return { ...page, failure: event.failure };
    default:
      return openDrawRecordPage(page.id);
  }
}

type Snapshot = object;

/** The record page's screen names its draw: `/draws/:id` reads `/draws/7` while 7 is shown. */
function withDrawRoute(snapshot: Snapshot): Snapshot {
  const page = (snapshot as { context?: WinningsContext }).context?.drawRecord;
  if (!page) return snapshot;
  const metas = (snapshot as { getMeta(): Record<string, unknown> }).getMeta();
  const named = Object.fromEntries(
    Object.entries(metas).map(([id, meta]) => [
      id,
      (meta as RouteMeta | undefined)?.route === PATHS.drawRecord
        ? { ...(meta as RouteMeta), route: drawRecordPath(page.id) }
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
