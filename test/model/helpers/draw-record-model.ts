// The draw record's model, as its model test walks it (test/model/draw-record.model.test.tsx):
// the draws the server holds (a sound record, the same altered, one still open), what the record
// check can tell next as it reads the draw in order, the machine with a check that never answers
// (each path's events say how it ends), a snapshot's key and each event as a path says it.
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { PublicDraw } from '../../../contract/api';
import type { DrawDifference } from '../../../machines/shared/draw-verify';
import {
  drawRecordMachine,
  type DrawRecordEvent,
} from '../../../machines/winnings/draw-record.machine';
import { createWinningsActors } from '../../../machines/winnings/winnings.actors';
import { commitmentOf, drawOutcome } from '../../../server/draw/fairness';
import { ApiFailure } from '../../../src/lib/api';
import { UNANSWERED_WINNINGS_API } from './winnings-fake-api';

// A closed draw of three entries as the server records it (its own rule, server/draw/fairness.ts),
// the player's entry the middle one; the same record with its winning entry altered; and one
// still open. The page checks what it reads against the published entry ids.
const SEED = Buffer.alloc(32, 7);
export const ENTRY_IDS = [11, 12, 13];
const OUTCOME = drawOutcome(SEED, ENTRY_IDS);
export const SOUND_DRAW: PublicDraw = {
  id: 7,
  status: 'closed',
  opens_at: '2026-11-25T20:00:00.000Z',
  closes_at: '2026-11-26T20:00:00.000Z',
  commitment: commitmentOf(SEED),
  seed: SEED.toString('hex'),
  entries_count: ENTRY_IDS.length,
  entries_digest: OUTCOME.entriesDigest,
  winning_entry_id: OUTCOME.winningEntryId,
  my_entry_ids: [12],
};
const FORGED_WINNER = ENTRY_IDS.find((id) => id !== OUTCOME.winningEntryId)!;
export const ALTERED_DRAW: PublicDraw = { ...SOUND_DRAW, winning_entry_id: FORGED_WINNER };
/** What the phone finds in the altered record: the winner the seed picks is another. */
export const ALTERED_DIFFERENCES: DrawDifference[] = [
  { kind: 'winningEntry', recomputed: OUTCOME.winningEntryId, published: FORGED_WINNER },
];
export const OPEN_DRAW: PublicDraw = {
  ...SOUND_DRAW,
  status: 'open',
  seed: null,
  entries_digest: null,
  winning_entry_id: null,
};
export const DRAW_FAILURE = new ApiFailure(503, null);
export const NO_SUCH_DRAW = new ApiFailure(404, 'Unknown draw');

/** The draw the walks open: /draws/7. */
export const DRAW_ID = SOUND_DRAW.id;

// The model's check never answers: each path's events say how it ends.
export const logic = drawRecordMachine.provide({
  actors: { checkDrawRecord: createWinningsActors(UNANSWERED_WINNINGS_API).checkDrawRecord },
});
export type RecordSnapshot = SnapshotFrom<typeof logic>;
export type RecordActor = ActorRefFrom<typeof logic>;
export const inputOf = () => ({ id: DRAW_ID });

/** What the record check can tell next, as it reads the draw in order, and the player's retry. */
export function events(snapshot: RecordSnapshot): DrawRecordEvent[] {
  const page = snapshot.context;
  if (!snapshot.matches('checking')) {
    // 'Try again' is offered when the record could not be read, not when there is no such draw.
    return page.failure === 'unavailable' ? [{ type: 'drawRecord.retry' }] : [];
  }
  if (!page.draw) {
    return [
      { type: 'drawRecord.loaded', draw: SOUND_DRAW },
      { type: 'drawRecord.loaded', draw: ALTERED_DRAW },
      { type: 'drawRecord.stillOpen', draw: OPEN_DRAW },
      { type: 'drawRecord.failed', failure: 'notFound' },
      { type: 'drawRecord.failed', failure: 'unavailable' },
    ];
  }
  const checked: DrawRecordEvent = {
    type: 'drawRecord.checked',
    differences:
      page.draw.winning_entry_id === SOUND_DRAW.winning_entry_id ? [] : ALTERED_DIFFERENCES,
  };
  return page.entryIdsRead === 0
    ? [
        { type: 'drawRecord.progress', read: 2 },
        checked,
        { type: 'drawRecord.failed', failure: 'unavailable' },
      ]
    : [checked];
}

export const serialize = (snapshot: RecordSnapshot) => {
  const page = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    record: page.draw?.winning_entry_id ?? page.draw?.status,
    read: page.entryIdsRead,
    differences: page.differences?.length,
    failure: page.failure,
  });
};

export function describeEvent(event: DrawRecordEvent): string {
  switch (event.type) {
    case 'drawRecord.loaded':
      return event.draw === SOUND_DRAW ? 'the record loads' : 'an altered record loads';
    case 'drawRecord.progress':
      return 'a first page of entry ids is read';
    case 'drawRecord.checked':
      return event.differences.length === 0 ? 'it checks out' : 'the check finds a difference';
    case 'drawRecord.stillOpen':
      return 'the draw is still open';
    case 'drawRecord.failed':
      return event.failure === 'notFound' ? 'there is no such draw' : 'the record fails to load';
    case 'drawRecord.retry':
      return "taps 'Try again' on the record";
  }
}
