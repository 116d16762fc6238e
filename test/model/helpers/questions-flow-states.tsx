// What the player sees on each screen of the questions flow's model, checked on arrival, and the
// wait for the app to catch up with the model.
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { REDIRECTED_FROM_YOUVE_ENTERED } from '../../../machines/draw-cycle/draw-cycle.types';
import { PROMISES } from '../../../src/features/questionnaire/DisclosurePage';
import {
  expectQuestionLoading,
  expectRewardOnScreen,
  expectWhatILike,
  expectYouveEntered,
  path,
} from './questions-gestures';
import type { FlowApp } from './questions-flow-harness';
import { type FlowSnapshot, atDisclosure, isFirstTime, serialize } from './questions-flow-model';

// ---- what the player sees ----------------------------------------------------------------------

/** The address of /rewards says whether the rewards came from 'You're Entered To Win'. */
export function expectCameFromYouveEntered(fromYouveEntered: boolean): void {
  if (fromYouveEntered) {
    expect(window.history.state).toMatchObject(REDIRECTED_FROM_YOUVE_ENTERED);
  } else {
    expect(window.history.state ?? {}).not.toHaveProperty('redirectedFrom');
  }
}

/** /disclosure before a first questionnaire: the product's promises, then the questions. */
export async function expectDisclosure(): Promise<void> {
  expect(path()).toBe('/disclosure');
  expect(await screen.findByRole('heading', { name: 'Before you start' })).toBeDefined();
  for (const promise of PROMISES) expect(screen.getByText(promise.title)).toBeDefined();
  expect(screen.getByRole('button', { name: "Got it, let's go" })).toBeDefined();
}

export const states: Record<
  string,
  (snapshot: FlowSnapshot, app: FlowApp) => Promise<void> | void
> = {
  youveEntered: () => expectYouveEntered(),
  rewards: async ({ context }) => {
    const [first] = context.rewards;
    if (!first) {
      // Nothing to play: straight on to /home.
      await waitFor(() => expect(path()).toBe('/home'));
      return;
    }
    await expectRewardOnScreen(first);
    expectCameFromYouveEntered(context.rewardsFromYouveEntered);
  },
  whatILike: async (snapshot) => {
    if (atDisclosure(snapshot)) return expectDisclosure();
    await expectWhatILike(isFirstTime(snapshot));
  },
  questionnaire: async ({ context }) => {
    const tellUsMore = context.start === 'tellUsMore';
    await expectQuestionLoading(tellUsMore);
  },
  // Over: /home, the button or the countdown, and the draw no longer runs the flow.
  done: async (_, app) => {
    await waitFor(() => expect(path()).toBe('/home'));
    await waitFor(() => expect(app.draw().children.questionsFlow).toBeUndefined());
    if (app.draw().context.canEnterDraw) {
      expect(await screen.findByRole('button', { name: /Enter To Win/ })).toBeDefined();
    } else {
      expect(await screen.findByText('Enter The Next Drawing In:')).toBeDefined();
    }
  },
};

// ---- the walk -----------------------------------------------------------------------------------

export async function arrive(app: FlowApp, expected: FlowSnapshot): Promise<void> {
  await waitFor(() => {
    const real = app.flow();
    expect(real, 'the questions flow has run').not.toBeNull();
    expect(real?.value).toEqual(expected.value);
    expect(serialize(real!)).toBe(serialize(expected));
  });
}
