// What /draws/{id} shows of the draw record machine (machines/winnings/draw-record.machine.ts):
// the record as far as it is read, the check's progress, and what the check found, in words.
import type { SnapshotFrom } from 'xstate';
import type { PublicDraw } from '../../contract/api';
import { describeDifference } from '../shared/draw-verify';
import type { DrawRecordMachine } from './draw-record.machine';

type DrawRecordSnapshot = SnapshotFrom<DrawRecordMachine>;

/** What /draws/{id} shows: the record as far as it is read, and what the check found. */
export type DrawRecordView = {
  id: number;
  stage: 'checking' | 'checked' | 'stillOpen' | 'failed';
  draw: PublicDraw | null;
  /** Entry ids read of the published count, while they are read. */
  progress: { read: number; total: number } | null;
  /** Checked: each difference in words; empty, verified on this phone. */
  differences: string[] | null;
  /** The player's entry that won, if one did. */
  wonWith: number | null;
  failure: 'notFound' | 'unavailable' | null;
};

export function selectDrawRecord(snapshot: DrawRecordSnapshot): DrawRecordView {
  const page = snapshot.context;
  const stage = (['checked', 'stillOpen', 'failed'] as const).find((name) =>
    snapshot.matches(name),
  );
  const draw = page.draw;
  const winner = draw?.winning_entry_id ?? null;
  return {
    id: page.id,
    stage: stage ?? 'checking',
    draw,
    progress: draw ? { read: page.entryIdsRead, total: draw.entries_count } : null,
    differences: page.differences?.map(describeDifference) ?? null,
    wonWith: winner !== null && (draw?.my_entry_ids ?? []).includes(winner) ? winner : null,
    failure: page.failure,
  };
}
