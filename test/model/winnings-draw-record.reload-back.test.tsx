// A draw's record survives a reload and Back (DESIGN section 8): the drawer links a closed draw
// to /draws/7; a reload there shows draw 7 again, read and checked afresh; Back returns to the
// drawer and Forward to draw 7, never a step replayed or a loop. The winnings flow runs its real
// pages under the stand-in session (test/model/helpers/winnings-harness.tsx).
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { navigate } from 'wouter/use-browser-location';
import { CoverageRecorder } from './helpers/coverage';
import {
  ALTERED_DIFFERENCES,
  ALTERED_DRAW,
  ENTRY_IDS,
  SOUND_DRAW,
} from './helpers/draw-record-model';
import { open, type Running } from './helpers/winnings-harness';
import { FakeWinningsApi } from './helpers/winnings-fake-api';
import { describeDifference } from '../../machines/shared/draw-verify';
import type { PublicDraw } from '../../contract/api';

let running: Running | null = null;
afterEach(() => {
  running?.unmount();
  running = null;
});

/** The app at `at` (a start, or a reload there), the server holding `draw`. */
function start(at: string, draw: PublicDraw): Running {
  running?.unmount();
  const api = new FakeWinningsApi().holding({ draws: [draw] });
  api.answerAlways('draw', () => Promise.resolve({ data: draw }));
  api.answerAlways('drawEntryIds', () => Promise.resolve({ data: ENTRY_IDS, next_after: null }));
  running = open(new CoverageRecorder('winnings'), { at, api });
  return running;
}

const state = () => running!.flow?.getSnapshot().value;
const verified = () =>
  screen.findByRole('heading', { level: 2, name: 'Verified on this phone' }, { timeout: 3000 });

describe("a draw's record, reloaded and stepped through with Back and Forward", () => {
  it('shows the same draw after a reload, and Back and Forward step between the drawer and it', async () => {
    start('/home', SOUND_DRAW);
    await waitFor(() => expect(running!.flow).not.toBeNull());
    act(() => navigate('/winnings'));
    await waitFor(() => expect(state()).toBe('drawer'));
    act(() => navigate('/draws/7'));
    await verified();
    expect(running!.api.callsOf('draw')).toEqual([7]);
    const entries = history.length;

    // A reload: a new app at /draws/7 reads and checks draw 7 again, writing no entry.
    start('/draws/7', SOUND_DRAW);
    await verified();
    screen.getByRole('heading', { level: 1, name: 'Draw 7' });
    expect(window.location.pathname).toBe('/draws/7');
    expect(running!.api.callsOf('draw')).toEqual([7]);
    expect(history.length).toBe(entries);

    // Back: the drawer it was opened from; Forward: draw 7 again, checked again.
    act(() => window.history.back());
    await waitFor(() => expect(window.location.pathname).toBe('/winnings'));
    await waitFor(() => expect(state()).toBe('drawer'));
    act(() => window.history.forward());
    await waitFor(() => expect(window.location.pathname).toBe('/draws/7'));
    await verified();
    expect(running!.api.callsOf('draw')).toEqual([7, 7]);
    expect(history.length).toBe(entries);
  });

  it('says again what differs after a reload of an altered record', async () => {
    start('/draws/7', ALTERED_DRAW);
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    const expected = ALTERED_DIFFERENCES.map(describeDifference);
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(expected);
    start('/draws/7', ALTERED_DRAW);
    const again = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(
      within(again)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(expected);
    expect(screen.queryByText('Verified on this phone')).toBeNull();
  });
});
