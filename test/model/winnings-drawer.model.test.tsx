// Generated paths through the winnings drawer (/winnings), walked through the real view: a
// simulated clock slides it down and back up, the player's finger pulls it by its grip, taps
// coupons, prizes, referral bonuses, the answers to their messages, Contact Us and Logout, the
// server answers the drawer's calls, and every state is checked against what the player sees.
// The drawer runs as the session's child (a stand-in session that takes the account's answers
// and, as the root, emits what the drawer asks it to), as in the app. Its account actions (the
// Logout and Delete Account questions, a child machine) get a walk of their own through the same
// view. The pieces are in test/model/helpers/winnings-drawer-*.
import { onTestFinished, vi } from 'vitest';
import { describe, it } from 'vitest';
import { accountActionsMachine } from '../../machines/winnings/account-actions.machine';
import { describeGeneratedWalks, describeWalkCoverage, planWalks } from './helpers/generated-walks';
import {
  accountExecutors,
  accountStates,
  accountWalks,
  arriveInAccount,
  askAccountQuestion,
  NOTHING_WON,
} from './helpers/winnings-drawer-account';
import { executors } from './helpers/winnings-drawer-gestures';
import { accountCoverage, coverage, current, open } from './helpers/winnings-drawer-harness';
import { logic, SCREEN_HEIGHT, TAKES } from './helpers/winnings-drawer-model';
import { describeEvent, eventsFor, serialize } from './helpers/winnings-drawer-paths';
import { states } from './helpers/winnings-drawer-states';
import { arrive } from './helpers/winnings-drawer-steps';
import { WALKS } from './helpers/winnings-drawer-walks';

// The longest walks (everything won, a claim refused and the list loaded again, then a swipe)
// take 3 to 5 s on a busy machine: past the default 5 s they would fail for time, not behaviour.
vi.setConfig({ testTimeout: 15_000 });

const walks = planWalks(WALKS, (walk) => ({
  logic,
  events: eventsFor(walk),
  serialize,
  describeEvent,
  delays: TAKES,
}));

/** The phone's screen height, which the drawer measures a swipe by, until the test ends. */
function onThePhone(): void {
  const screenHeight = window.innerHeight;
  Object.defineProperty(window, 'innerHeight', { value: SCREEN_HEIGHT, configurable: true });
  onTestFinished(() => {
    Object.defineProperty(window, 'innerHeight', { value: screenHeight, configurable: true });
  });
}

describeGeneratedWalks('the winnings drawer, generated paths through the view', {
  walks,
  start: (walk) => {
    onThePhone();
    return current.hold(open(walk), (running) => running.unmount());
  },
  arrive,
  events: executors,
  states,
});

describe('the account actions, generated paths through the drawer', () => {
  it.each(accountWalks.map((walk) => [walk.name, walk] as const))(
    '%s',
    async (_, { walk, model, path }) => {
      onThePhone();
      const close = current.hold(open(NOTHING_WON), (running) => running.unmount());
      try {
        await askAccountQuestion(walk.question);
        await arriveInAccount(path.steps[0]!.state);
        await model.testPath(path, { events: accountExecutors, states: accountStates });
      } finally {
        close();
      }
    },
  );
});

describeWalkCoverage('the winnings drawer, coverage of the walk', {
  logic,
  states,
  coverage,
  chart: { states: 29, transitions: 34 },
});

describeWalkCoverage('the account actions, coverage of the walk', {
  logic: accountActionsMachine,
  states: accountStates,
  coverage: accountCoverage,
  chart: { states: 7, transitions: 7 },
});
