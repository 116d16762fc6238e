// A draw's record (/draws/{id}, DESIGN section 2), read and checked on the phone: the record
// (commitment, seed, entries, the player's entry ids, the winner), then every published entry id
// page by page, then the check: the seed against its commitment, the winner recomputed. The
// winnings flow invokes it while the page is open, one for each draw opened; a draw still open
// shows its commitment, and a record that could not be read is read again on 'Try again'.
import { assign, setup } from 'xstate';
import { disconnectedWinningsActors } from './winnings.actors';
import {
  drawRecordAfter,
  openDrawRecordPage,
  type DrawRecordEvent,
  type DrawRecordInput,
  type DrawRecordPage,
} from './draw-record.types';

export * from './draw-record.types';

export const drawRecordMachine = setup({
  types: {
    context: {} as DrawRecordPage,
    events: {} as DrawRecordEvent,
    input: {} as DrawRecordInput,
    children: {} as { checkDrawRecord: 'checkDrawRecord' },
  },
  actors: { checkDrawRecord: disconnectedWinningsActors.checkDrawRecord },
  actions: {
    // What the check told of the draw so far; a retry starts the page afresh.
    note: assign(({ context, event }) => drawRecordAfter(context, event)),
  },
}).createMachine({
  id: 'drawRecord',
  context: ({ input }) => openDrawRecordPage(input.id),
  initial: 'checking',
  states: {
    checking: {
      description:
        'The record loads, then every published entry id (the count read so far shows), then the check runs.',
      invoke: {
        id: 'checkDrawRecord',
        src: 'checkDrawRecord',
        input: ({ context }) => ({ id: context.id }),
      },
      on: {
        'drawRecord.loaded': { actions: 'note' },
        'drawRecord.progress': { actions: 'note' },
        'drawRecord.checked': { target: 'checked', actions: 'note' },
        'drawRecord.stillOpen': { target: 'stillOpen', actions: 'note' },
        'drawRecord.failed': { target: 'failed', actions: 'note' },
      },
    },
    checked: {
      description:
        "'Verified on this phone', or exactly what differs between the record and the check.",
    },
    stillOpen: {
      description: 'The draw is open: its commitment shows; the seed comes when it closes.',
    },
    failed: {
      description: "No such draw; or it could not be read, and 'Try again' reads it again.",
      on: { 'drawRecord.retry': { target: 'checking', actions: 'note' } },
    },
  },
});

export type DrawRecordMachine = typeof drawRecordMachine;
