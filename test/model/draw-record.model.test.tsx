// Generated paths through a draw's record (/draws/{id}), walked through the real page: the server
// answers the record (sound, altered, still open, none, a failure) and the published entry ids a
// page at a time, or fails between them; the player taps 'Try again' after a failure; and every
// state is checked against what the player sees: the facts as read, the count of entry ids read,
// 'Verified on this phone' or exactly what differs. The winnings flow's walks open and leave the
// page (test/model/winnings.model.test.tsx); the pieces are in helpers/draw-record-{model,walk}.
import {
  describeGeneratedWalks,
  describeWalkCoverage,
  planModel,
  stopAndUnmount,
} from './helpers/generated-walks';
import { arrive, current, executors, open, states } from './helpers/draw-record-walk';
import { describeEvent, events, inputOf, logic, serialize } from './helpers/draw-record-model';
import { CoverageRecorder } from './helpers/coverage';

const { model, paths } = planModel({ logic, events, serialize, describeEvent, input: inputOf });
const coverage = new CoverageRecorder();

describeGeneratedWalks("a draw's record, generated paths through the page", {
  walks: paths.map((path) => ({ name: path.description || '(opened)', walk: null, model, path })),
  start: () => current.hold(open(coverage), stopAndUnmount),
  arrive,
  events: executors,
  states,
});

describeWalkCoverage("a draw's record, coverage of the walk", {
  logic,
  states,
  coverage,
  chart: { states: 5, transitions: 6 },
});
