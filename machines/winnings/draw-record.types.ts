// The draw record's words (machines/winnings/draw-record.machine.ts): the page /draws/{id}
// shows, what the check tells as it reads and checks the draw, and what each step adds.
import type { PublicDraw } from '../../contract/api';
import type { DrawDifference } from '../shared/draw-verify';

/** /draws/{id}: the draw's record, the entry ids read so far, and what the check found. */
export type DrawRecordPage = {
  id: number;
  draw: PublicDraw | null;
  /** How many of the published entry ids have been read (the check's progress). */
  entryIdsRead: number;
  /** What differs between the record and the phone's check: empty, verified on this phone. */
  differences: DrawDifference[] | null;
  /** Why the record could not be checked: no such draw, or it could not be read. */
  failure: 'notFound' | 'unavailable' | null;
};

export const openDrawRecordPage = (id: number): DrawRecordPage => ({
  id,
  draw: null,
  entryIdsRead: 0,
  differences: null,
  failure: null,
});

/** What the record check (winnings.actors.ts) tells as it reads and checks the draw. */
export type DrawCheckEvent =
  | { type: 'drawRecord.loaded'; draw: PublicDraw }
  | { type: 'drawRecord.progress'; read: number }
  | { type: 'drawRecord.checked'; differences: DrawDifference[] }
  | { type: 'drawRecord.stillOpen'; draw: PublicDraw }
  | { type: 'drawRecord.failed'; failure: 'notFound' | 'unavailable' };

export type DrawRecordEvent =
  | DrawCheckEvent
  /** The player asks to read and check it again after a failure. */
  | { type: 'drawRecord.retry' };

/** The record a draw's address opens: the draw it names. */
export type DrawRecordInput = { id: number };

/** What the check told of the draw so far; a retry starts the page afresh. */
export function drawRecordAfter(page: DrawRecordPage, event: DrawRecordEvent): DrawRecordPage {
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
    case 'drawRecord.retry':
      return openDrawRecordPage(page.id);
  }
}
