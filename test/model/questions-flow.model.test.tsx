// Generated paths through the questions flow itself, walked in the real signed-in app: the
// draw runs the flow after a press, or when the player opens one of its addresses, and each of
// the flow's steps ends ('You're Entered To Win', the rewards, What I Like, the questionnaire) as
// one event, `xstate.done.actor.<step>` with the step's output, reached with the player's
// gestures through the step's screen, the server's answers and the clock. Every screen the
// player rests on is checked on arrival. Each step's own states are walked in its own file.
// The pieces are in test/model/helpers/questions-flow-*: the model, the harness (the starts and
// the app), the gestures (which other walks can drive the flow with) and the states.
import { afterAll, describe, it } from 'vitest';
import { describeWalkCoverage, planModel } from './helpers/generated-walks';
import {
  type FlowSnapshot,
  describeEvent,
  logic,
  serialize,
  stepEnds,
} from './helpers/questions-flow-model';
import { type FlowStep, stepEndGestures } from './helpers/questions-flow-gestures';
import { STARTS, inputOf, openApp } from './helpers/questions-flow-harness';
import { arrive, states } from './helpers/questions-flow-states';
import { CoverageRecorder } from './helpers/coverage';

const plans = STARTS.map((start) => {
  const input = inputOf(start);
  const { model, paths } = planModel({
    logic,
    events: stepEnds,
    serialize,
    describeEvent,
    input: () => input,
  });
  return { start, model, paths };
});
const cases = plans.flatMap(({ start, model, paths }) =>
  paths.map(
    (walk) =>
      [`${start.label}: ${walk.description || '(opened)'}`, { start, model, walk }] as const,
  ),
);

const coverage = new CoverageRecorder('questionsFlow');

describe('questions flow, generated paths through the signed-in app', () => {
  it.each(cases)('%s', async (_, { start, model, walk }) => {
    const app = await openApp(start, coverage);
    try {
      const gestures = {
        // The player's way to the flow's first screen.
        'xstate.init': async () => {
          await start.open(app);
          if (!start.passesThrough) await arrive(app, walk.steps[0]!.state);
        },
        ...Object.fromEntries(
          Object.entries(stepEndGestures).map(([type, gesture]) => [
            type,
            async (step: FlowStep) => {
              await gesture(step, app);
              await arrive(app, step.state);
            },
          ]),
        ),
      };
      const checks = Object.fromEntries(
        Object.entries(states).map(([key, check]) => [
          key,
          (snapshot: FlowSnapshot) => check(snapshot, app),
        ]),
      );
      await model.testPath(walk, { events: gestures as never, states: checks });
    } finally {
      app.view.unmount();
    }
  });

  afterAll(() => {
    // Reported here too, so a filtered run shows what it left out.
    const missing = coverage.missing(logic);
    if (missing.states.length + missing.transitions.length > 0) {
      console.info('questionsFlow not walked:', missing);
    }
  });
});

describeWalkCoverage('questions flow, coverage of the walk', {
  logic,
  states,
  coverage,
  chart: { states: 7, transitions: { moreThan: 10 } },
  walkedIn: 'the app',
});
