// Generated paths through the players screen (machines/players/players.machine.ts), walked in
// the real signed-in app: the player opens /players and leaves it by the tab bar, taps 'Invite
// friends' and a row's 'Invite'; the server answers the list and each new code, and the share
// sheet closes shared, closed or failed; on a phone with a share sheet and in a browser without
// one ('Unsupported browser.'). Every screen is checked on arrival, the toasts with it. The
// pieces are in test/model/helpers/players-*: the model, the harness, the gestures and the states.
import { afterAll } from 'vitest';
import { playersMachine } from '../../machines/players/players.machine';
import { CoverageRecorder } from './helpers/coverage';
import {
  CurrentApp,
  describeGeneratedWalks,
  describeWalkCoverage,
} from './helpers/generated-walks';
import { arrive, playersEvents, type PlayersStep } from './helpers/players-gestures';
import { openPlayersApp, type PlayersApp } from './helpers/players-harness';
import { walks, type PlayersSnapshot } from './helpers/players-model';
import { playersStates } from './helpers/players-states';

const coverage = new CoverageRecorder('players');
const current = new CurrentApp<PlayersApp>('The players walk has no app running.');

describeGeneratedWalks('players screen, generated paths through the signed-in app', {
  walks,
  start: ({ canShare }) =>
    current.hold(openPlayersApp({ canShare, inspect: coverage.inspect }), (app) => app.unmount()),
  arrive: (state) => arrive(current.get(), state),
  events: Object.fromEntries(
    Object.entries(playersEvents).map(([type, execute]) => [
      type,
      (step: PlayersStep) => execute(step, current.get()),
    ]),
  ),
  states: Object.fromEntries(
    Object.entries(playersStates).map(([key, check]) => [
      key,
      (snapshot: PlayersSnapshot) => check(snapshot, current.get()),
    ]),
  ),
});

afterAll(() => {
  // Reported here too, so a filtered run shows what it left out.
  const missing = coverage.missing(playersMachine);
  if (missing.states.length + missing.transitions.length > 0) {
    console.info('players not walked:', missing);
  }
});

describeWalkCoverage('players screen, coverage of the walk', {
  logic: playersMachine,
  states: playersStates,
  coverage,
  chart: { states: 10, transitions: 23 },
  walkedIn: 'the app',
});
