// Generated paths through the reward screens (/rewards), walked through the real view: a
// simulated clock ends each reward's first second and its time, the player taps to the next
// reward, the server answers its calls, and every state is checked against what the player sees
// (and hears, and feels). At every state the player can rest in, the screen is opened again as a
// reload or Back opens it (the playback started with none, the server listing what it was not
// told was shown): the reward that was playing shows, never the ones before it.
// The pieces are in test/model/helpers/reward-playback-*: the model, the harness, the states and
// the gestures (which other walks can drive the rewards with).
import {
  describeGeneratedWalks,
  describeWalkCoverage,
  planWalks,
  stopAndUnmount,
} from './helpers/generated-walks';
import {
  CANDIDATES,
  DELAYS,
  type PlaybackSnapshot,
  WALKS,
  describeEvent,
  hasHadFirstSecond,
  isTimeUp,
  logic,
  serialize,
} from './helpers/reward-playback-model';
import { arrive, executors } from './helpers/reward-playback-gestures';
import { current, open } from './helpers/reward-playback-harness';
import { states } from './helpers/reward-playback-states';
import { CoverageRecorder } from './helpers/coverage';

const walks = planWalks(WALKS, (walk) => ({
  logic,
  // A reward's time is up only after its first second: the model takes its end from there.
  events: (snapshot: PlaybackSnapshot) =>
    CANDIDATES.filter((event) => !isTimeUp(event) || hasHadFirstSecond(snapshot)),
  serialize,
  describeEvent,
  input: () => walk.input,
  delays: DELAYS,
}));
const coverage = new CoverageRecorder();

describeGeneratedWalks('the reward screens, generated paths through the view', {
  walks,
  start: (walk) => current.hold(open(walk.input, coverage), stopAndUnmount),
  arrive,
  events: executors,
  states,
});

describeWalkCoverage('the reward screens, coverage of the walk', {
  logic,
  states,
  coverage,
  chart: { states: { moreThan: 14 }, transitions: { moreThan: 20 } },
});
