// The questions flow's resting screens, from each of its starts (a press, /disclosure, /rewards,
// the Tell Us More tab), each reached on the shortest path of the flow's model
// (helpers/questions-reload-flow.ts) through the real signed-in app with the player's gestures
// and the server's answers, as the flow's own walk takes them: 'You're Entered To Win', each
// reward the flow plays first, What I Like, the promises at /disclosure, /home once the flow is
// over. At each the app is reloaded and the player goes Back (see helpers/reload-and-back.tsx):
// the same screen after the reload, and Back lands where it stays, with no answer, entry,
// payment, skip or reward done twice. The questionnaire's cards and each reward of a playback
// are walked by their own models (questionnaire.reload-back.test.tsx,
// reward-playback.reload-back.test.tsx).
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { Step } from 'xstate/graph';
import { stepEndGestures } from './helpers/questions-flow-gestures';
import { STARTS } from './helpers/questions-flow-harness';
import { arrive, expectDisclosure, states } from './helpers/questions-flow-states';
import { path, tap } from './helpers/questions-gestures';
import {
  flowServer,
  openForReload,
  reloadRun,
  type ReloadApp,
} from './helpers/questions-reload-app';
import {
  describeState,
  isResting,
  modelOf,
  WHAT_I_LIKE_TAPPED,
  type WalkedFlow,
  type WalkEvent,
} from './helpers/questions-reload-flow';
import { describeReloadAndBack } from './helpers/reload-and-back';

type WalkStep = Step<WalkedFlow, WalkEvent>;

/** The screen of a state, in the app as it shows it (after a reload too). */
async function expectScreen(snapshot: WalkedFlow, app: ReloadApp): Promise<void> {
  switch (snapshot.screen) {
    case 'disclosure':
      return expectDisclosure();
    case 'questionnaire':
      throw new Error('The questionnaire is walked by its own model');
    default:
      return states[snapshot.screen]!(snapshot, app);
  }
}

for (const start of STARTS) {
  const events: Record<string, (step: WalkStep, app: ReloadApp) => Promise<void>> = {
    // The player's way to the flow's first screen.
    'xstate.init': async (step, app) => {
      await start.open(app);
      if (!start.passesThrough) await arrive(app, step.state);
    },
    [WHAT_I_LIKE_TAPPED]: async () => {
      await tap('What I Like');
      await waitFor(() => expect(path()).toBe('/disclosure'));
    },
    ...Object.fromEntries(
      Object.entries(stepEndGestures).map(([type, gesture]) => [
        type,
        async (step: WalkStep, app: ReloadApp) => {
          await gesture(step as never, app);
          await arrive(app, step.state);
        },
      ]),
    ),
  };

  describeReloadAndBack(
    `questions flow, a reload and Back at every resting screen (${start.label})`,
    {
      model: modelOf(start),
      isResting,
      describe: describeState,
      open: () => openForReload(start, flowServer()),
      events,
      expectScreen,
      ...reloadRun<ReloadApp>(),
    },
  );
}
