// Generated paths through the swipe-card questionnaire (/questionnaire), walked through the real
// view: the player swipes the card right (yes) and left (no) with a finger and with the mouse,
// taps the centre marker and the red Skip, swipes the tutorial card away; the server answers
// each call; and every state is checked against what the player sees and what the server and
// the draw were told. The step's end is what the questions flow does next (the rewards, /home).
// The pieces are in test/model/helpers/questionnaire-*: the model, its paths, the harness, the
// states and the gestures (which other walks can drive the questionnaire with).
import { CARD_ARRIVAL_MS } from '../../machines/questionnaire/questionnaire.machine';
import {
  describeGeneratedWalks,
  describeWalkCoverage,
  planWalks,
  stopAndUnmount,
} from './helpers/generated-walks';
import { CARD_ARRIVES, WALKS, inputOf, logic } from './helpers/questionnaire-model';
import { arrive, remembering } from './helpers/questionnaire-gestures';
import { current, open } from './helpers/questionnaire-harness';
import { describeEvent, eventsFor, serialize } from './helpers/questionnaire-paths';
import { states } from './helpers/questionnaire-states';
import { CoverageRecorder } from './helpers/coverage';

const walks = planWalks(WALKS, (walk) => ({
  logic,
  events: eventsFor(walk),
  serialize,
  describeEvent,
  input: () => inputOf(walk),
  delays: { [CARD_ARRIVES]: CARD_ARRIVAL_MS },
}));
// The questionnaire runs under a listening parent (the root of its system): measured by its id.
const coverage = new CoverageRecorder('questionnaire');

describeGeneratedWalks('the questionnaire, generated paths through the view', {
  walks,
  start: (walk) =>
    current.hold(open(walk, coverage), (running) =>
      stopAndUnmount({ actor: running.parent, view: running.view }),
    ),
  arrive,
  events: remembering,
  states,
});

describeWalkCoverage('the questionnaire, coverage of the walk', {
  logic,
  states,
  coverage,
  chart: { states: 13, transitions: { moreThan: 20 } },
});
