// The draw (DESIGN section 2), as the routes, the scheduler and the operator see it: its
// lifecycle (open, close, fairness), entries (the press and the timer) and the public record,
// each in a module of its own; the winner's prize and referral bonus belong to the prizes.
import type { ServiceContext } from './context';
import { createDrawEntries } from './draw-entries';
import { createDrawLifecycle } from './draw-lifecycle';
import { createDrawRecord } from './draw-record';
import type { PrizeService } from './prizes';

export { DrawNotFound, DrawStillOpen, nextWindow, type ClosedDraw } from './draw-lifecycle';
export { PRESSES_PER_SECOND, toDrawEntryView } from './draw-entries';
export { DEFAULT_DRAW_PAGE, ENTRIES_COUNT_MAX_AGE_MS } from './draw-record';

export function createDrawService(context: ServiceContext, prizes: PrizeService) {
  const lifecycle = createDrawLifecycle(context, prizes);
  const record = createDrawRecord(context, lifecycle);
  const entries = createDrawEntries(context, lifecycle, { entered: () => record.entered() });
  return { ...lifecycle, ...record, ...entries };
}

export type DrawService = ReturnType<typeof createDrawService>;
