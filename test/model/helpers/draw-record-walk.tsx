// The running draw record for its model test (test/model/draw-record.model.test.tsx): the machine
// and its page with a stand-in server, what causes each event (the server's answers to the
// record and its entry ids, the player's 'Try again'), and what the player sees in each state.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import type { Step } from 'xstate/graph';
import { describeDifference } from '../../../machines/shared/draw-verify';
import type { DrawRecordEvent } from '../../../machines/winnings/draw-record.machine';
import { createWinningsActors } from '../../../machines/winnings/winnings.actors';
import { DrawRecord } from '../../../src/features/winnings/DrawRecordPage';
import type { CoverageRecorder } from './coverage';
import { answerWhenWaiting, CurrentApp } from './generated-walks';
import {
  ALTERED_DIFFERENCES,
  ALTERED_DRAW,
  DRAW_FAILURE,
  ENTRY_IDS,
  inputOf,
  logic,
  NO_SUCH_DRAW,
  OPEN_DRAW,
  serialize,
  SOUND_DRAW,
  type RecordSnapshot,
} from './draw-record-model';
import { FakeWinningsApi } from './winnings-fake-api';

// ---- the running record and its page ------------------------------------------------------------

/** `coverage` is the test file's own record of the walk: the helpers keep none between files. */
export function open(coverage: CoverageRecorder) {
  const api = new FakeWinningsApi();
  const actor = createActor(
    logic.provide({ actors: { checkDrawRecord: createWinningsActors(api).checkDrawRecord } }),
    { input: inputOf(), inspect: coverage.inspect },
  );
  actor.start();
  window.history.replaceState(null, '', `/draws/${inputOf().id}`);
  const view = render(<DrawRecord actor={actor} />);
  return { api, actor, view, user: userEvent.setup() };
}

export const current = new CurrentApp<ReturnType<typeof open>>('The draw record is not running.');
const app = current.get;

export async function arrive(expected: RecordSnapshot): Promise<void> {
  await waitFor(() => expect(serialize(app().actor.getSnapshot())).toBe(serialize(expected)));
}

/** Waits for `call`, then answers it (and lets the answer reach the machine). */
const answerCall = (call: 'draw' | 'drawEntryIds', settle: (api: FakeWinningsApi) => void) =>
  answerWhenWaiting(app().api, call, settle);

// ---- what causes each event ----------------------------------------------------------------------

type RecordStep = Step<RecordSnapshot, DrawRecordEvent>;

// The record check's calls, answered by the server: the record (a sound one, an altered one, one
// still open, none, a failure), then the published entry ids, a page at a time.
export const executors = {
  'drawRecord.loaded': async (walkStep) => {
    if (walkStep.event.type !== 'drawRecord.loaded') return;
    const draw = walkStep.event.draw === SOUND_DRAW ? SOUND_DRAW : ALTERED_DRAW;
    await answerCall('draw', (api) => api.resolve('draw', { data: draw }));
    await arrive(walkStep.state);
  },
  'drawRecord.stillOpen': async (walkStep) => {
    await answerCall('draw', (api) => api.resolve('draw', { data: OPEN_DRAW }));
    await arrive(walkStep.state);
  },
  'drawRecord.failed': async (walkStep) => {
    if (walkStep.event.type !== 'drawRecord.failed') return;
    const failure = walkStep.event.failure === 'notFound' ? NO_SUCH_DRAW : DRAW_FAILURE;
    const call = app().actor.getSnapshot().context.draw ? 'drawEntryIds' : 'draw';
    await answerCall(call, (api) => api.reject(call, failure));
    await arrive(walkStep.state);
  },
  'drawRecord.progress': async (walkStep) => {
    await answerCall('drawEntryIds', (api) =>
      api.resolve('drawEntryIds', { data: ENTRY_IDS.slice(0, 2), next_after: ENTRY_IDS[1] }),
    );
    await arrive(walkStep.state);
    await screen.findByText(/2 of 3 entry ids read/);
  },
  'drawRecord.checked': async (walkStep) => {
    const { api } = app();
    const after = (api.callsOf('drawEntryIds').at(-1) as { after: number }).after;
    await answerCall('drawEntryIds', (answering) =>
      answering.resolve('drawEntryIds', {
        data: ENTRY_IDS.filter((id) => id > after),
        next_after: null,
      }),
    );
    await arrive(walkStep.state);
  },
  'drawRecord.retry': async (walkStep) => {
    await app().user.click(screen.getByRole('button', { name: 'Try again' }));
    await arrive(walkStep.state);
    // Read afresh: the record is asked for again.
    expect(app().api.isWaiting('draw')).toBe(true);
  },
} satisfies Record<DrawRecordEvent['type'], (walkStep: RecordStep) => Promise<void>>;

// ---- what the player sees ------------------------------------------------------------------------

export const states: Record<string, (snapshot: RecordSnapshot) => void> = {
  // The record as far as it is read: the loading shape, then the facts and the count read.
  checking: ({ context: page }) => {
    const draw = page.draw;
    if (!draw) {
      screen.getByRole('main', { name: 'Loading' });
      expect(app().api.isWaiting('draw')).toBe(true);
      expect(app().api.callsOf('draw').at(-1)).toBe(page.id);
      return;
    }
    expectFacts(page.id, draw);
    screen.getByText(
      `Checking on this phone… ${page.entryIdsRead} of ${draw.entries_count} entry ids read`,
    );
    expect(app().api.isWaiting('drawEntryIds')).toBe(true);
    expect(screen.queryByText('Verified on this phone')).toBeNull();
  },
  // Checked: 'Verified on this phone', or exactly what differs.
  checked: ({ context: page }) => {
    expectFacts(page.id, page.draw!);
    if (page.draw?.winning_entry_id === SOUND_DRAW.winning_entry_id) {
      screen.getByRole('heading', { level: 2, name: 'Verified on this phone' });
      expect(screen.queryByRole('alert')).toBeNull();
    } else {
      const alert = screen.getByRole('alert');
      within(alert).getByRole('heading', { name: 'This draw does not check out' });
      expect(
        within(alert)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(ALTERED_DIFFERENCES.map(describeDifference));
      expect(screen.queryByText('Verified on this phone')).toBeNull();
    }
  },
  stillOpen: ({ context: page }) => {
    screen.getByRole('heading', { level: 1, name: `Draw ${page.id}` });
    screen.getByText('Not yet: the seed is revealed when the draw closes.');
    screen.getByText(/This draw is still open\./);
    expect(screen.queryByText('Verified on this phone')).toBeNull();
  },
  // No such draw, or it could not be read ('Try again'); the way back to the drawer either way.
  failed: ({ context: page }) => {
    if (page.failure === 'notFound') {
      screen.getByText(`There is no draw ${page.id}.`);
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    } else {
      screen.getByText('This draw could not be loaded.');
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Try again' }).disabled).toBe(
        false,
      );
    }
    expect(screen.getByRole('link', { name: 'Your winnings' }).getAttribute('href')).toBe(
      '/winnings',
    );
  },
};

/** The record's facts: commitment, seed, entries, the player's entry, the winner. */
function expectFacts(id: number, draw: NonNullable<RecordSnapshot['context']['draw']>) {
  screen.getByRole('heading', { level: 1, name: `Draw ${id}` });
  expect(screen.getByTestId('draw-commitment').textContent).toBe(draw.commitment);
  expect(screen.getByTestId('draw-seed').textContent).toBe(draw.seed);
  expect(screen.getByTestId('draw-entries').textContent).toBe('3');
  expect(screen.getByTestId('draw-my-entries').textContent).toBe('#12');
  expect(screen.getByTestId('draw-winner').textContent).toBe(
    `#${draw.winning_entry_id}${draw.winning_entry_id === 12 ? ' (yours!)' : ''}`,
  );
}
