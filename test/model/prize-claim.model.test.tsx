// Generated paths through the claim of a grand prize or a referral bonus, walked through the
// real view in both of its places: the winnings drawer's modal (all three methods; a referral
// bonus claimed there too) and the /grandPrize page (PayPal and Venmo). The player taps the methods, types what each one needs (a wrong value first, which the
// form answers without a call), taps Claim, Back, Try again and Done, and in the modal leaves
// before claiming with Not now (while the choices load, after they fail, or among the methods);
// the server answers the choices and the claim (a payout recorded, a 409, a 422 for a method
// withdrawn, a refusal, a 503, no network), and every state is checked against what the player
// sees, the toasts asked for, the calls sent and, once closed, what the claim tells its parent.
// The pieces are in test/model/helpers/prize-claim-*: the walks, the model, the harness, the
// states and the gestures (which other walks can drive the claim with).
import {
  describeGeneratedWalks,
  describeWalkCoverage,
  planWalks,
  stopAndUnmount,
} from './helpers/generated-walks';
import { WALKS } from './helpers/prize-claim-walks';
import { arrive, executors } from './helpers/prize-claim-gestures';
import { current, open } from './helpers/prize-claim-harness';
import { describeEvent, eventsFor, inputOf, logic, serialize } from './helpers/prize-claim-model';
import { states } from './helpers/prize-claim-states';
import { CoverageRecorder } from './helpers/coverage';

const walks = planWalks(WALKS, (walk) => ({
  logic,
  events: eventsFor(walk),
  serialize,
  describeEvent,
  input: () => inputOf(walk),
  scripts: [
    { says: 'tries again', steps: walk.triesAgain },
    { says: 'leaves after a failure', steps: walk.leavesAfterFailure },
  ],
}));
const coverage = new CoverageRecorder();

describeGeneratedWalks('the grand prize claim, generated paths through the view', {
  walks,
  start: (walk) => current.hold(open(walk, coverage), stopAndUnmount),
  arrive,
  events: executors,
  states,
});

describeWalkCoverage('the grand prize claim, coverage of the walk', {
  logic,
  states,
  coverage,
  chart: { states: 9, transitions: 15 },
});
