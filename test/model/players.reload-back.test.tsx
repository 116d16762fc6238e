// The players screen's resting states (/players listing the player's codes, none to all 5
// used; at first, after a code was made, after an invite was shared), each reached on the
// model's shortest path through the real signed-in app on a phone with a share sheet, then
// reloaded and left with Back (see helpers/reload-and-back.tsx): after a reload the same codes
// show, held by the server, and no toast comes back; Back lands on /home, which stays; no code
// is made or shared again by itself.
import { act, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { settle } from '../support/settle';
import { PLAYERS_PATH } from '../../machines/players/players.machine';
import { screenLoaded } from './helpers/app-harness';
import { arrive, playersEvents } from './helpers/players-gestures';
import { openPlayersApp, type PlayersApp } from './helpers/players-harness';
import {
  reloadModel,
  serializeWalk,
  type PlayersWalkSnapshot,
} from './helpers/players-reload-model';
import { playersStates } from './helpers/players-states';
import { describeReloadAndBack, hasScreen } from './helpers/reload-and-back';

/** The screen settled on the codes: no list, new code or share sheet under way. */
const CALLS = ['listInvites', 'createInvite', 'shareInvite', 'copyLink'];

/** Opened and settled where the app starts (or a reload finds it). */
async function opened(app: PlayersApp): Promise<PlayersApp> {
  await screenLoaded();
  await waitFor(() => app.players());
  return app;
}

describeReloadAndBack('players screen, a reload and Back at every resting state', {
  model: reloadModel,
  isResting: (snapshot) =>
    hasScreen(snapshot) && !CALLS.some((id) => snapshot.children[id as never] !== undefined),
  describe: serializeWalk,
  open: () => opened(openPlayersApp({ canShare: true })),
  events: playersEvents,
  // The codes the state lists, settled (the reloaded screen lists them again from the server).
  expectScreen: async (snapshot: PlayersWalkSnapshot, app) => {
    await arrive(app, snapshot);
    playersStates[snapshot.value === 'tutorial' ? 'tutorial' : 'shown.ready']!(snapshot, app);
  },
  reload: (app) => {
    app.unmount();
    return opened(openPlayersApp({ canShare: true, reloadOf: app }));
  },
  stepsDone: (app) => structuredClone({ created: app.server.created, shared: app.server.shared }),
  afterBack: async (to, app, snapshot) => {
    await act(settle);
    if (snapshot.value === 'tutorial' && to.path === PLAYERS_PATH) {
      // The tutorial opened from /players: Back is the players screen, its codes loaded again.
      await screenLoaded();
      await waitFor(() => expect(app.players().matches({ shown: 'ready' })).toBe(true));
      await screen.findByRole('heading', { level: 1, name: /^You have \d invitations?/ });
    } else {
      expect(to.path).toBe('/home');
      await screen.findByRole('button', { name: /Enter To Win/ });
      await waitFor(() => expect(app.players().value).toBe('away'));
    }
    expect(app.api.count('createInvite')).toBe(0);
    expect(app.api.count('share')).toBe(0);
  },
  close: (app) => app.unmount(),
});
