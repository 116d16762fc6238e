// Generated paths through the winnings flow, walked through the real pages: the player opens
// /winnings, /grandPrize, /form/has-problem or another address (the app's route sync tells the
// session, which passes it on), the server answers the /grandPrize page's calls, the prize claim
// and the contact form are run through their views to their end, and every state is checked
// against what the player sees and where the flow sends them next.
// The pieces are in test/model/helpers/winnings-{model,harness,states,gestures}: the gestures are
// the ones other walks can drive the flow with.
import { describeGeneratedWalks, describeWalkCoverage, planModel } from './helpers/generated-walks';
import { arrive, executors } from './helpers/winnings-gestures';
import { current, open } from './helpers/winnings-harness';
import { describeEvent, events, logic, serialize } from './helpers/winnings-model';
import { states } from './helpers/winnings-states';
import { CoverageRecorder } from './helpers/coverage';

const { model, paths } = planModel({ logic, events, serialize, describeEvent });
const coverage = new CoverageRecorder('winnings');

describeGeneratedWalks('the winnings flow, generated paths through the pages', {
  walks: paths.map((path) => ({
    name: path.description || '(signed in)',
    walk: null,
    model,
    path,
  })),
  start: () => current.hold(open(coverage), (running) => running.unmount()),
  arrive,
  events: executors,
  states,
});

describeWalkCoverage('the winnings flow, coverage of the walk', {
  logic,
  states,
  coverage,
  chart: { states: 14, transitions: 23 },
});
