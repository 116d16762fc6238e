// The prize claim's resting states (the ways to be paid failed, the methods, a method's details,
// the claim recorded, and /home once the prize is claimed), on each walk of the claim's model
// (helpers/prize-claim-walks.ts) of a prize or a bonus not claimed yet: on /grandPrize, and in
// the winnings drawer's modal. Each is reached on the model's shortest path through the real
// signed-in app with the model test's gestures, then reloaded and left with Back (see
// helpers/reload-and-back.tsx): after a reload what was claimed stays claimed (the drawer lists
// it with its method; a modal may close, and what was typed and not sent is gone); Back lands
// where it stays and claims nothing twice. The claims of prizes and bonuses claimed before are
// the drawer's walk's (winnings-drawer.reload-back.test.tsx): /grandPrize never offers one.
import { describeReloadAndBack } from './helpers/reload-and-back';
import { executors } from './helpers/prize-claim-gestures';
import { current, expectedOf, type open } from './helpers/prize-claim-harness';
import {
  eventsFor,
  inputOf,
  logic,
  serialize,
  type ClaimEvent,
  type ClaimSnapshot,
} from './helpers/prize-claim-model';
import { WALKS, type Walk } from './helpers/prize-claim-walks';
import {
  actorOf,
  afterBack,
  holding,
  openApp,
  stepsDone,
  type WinningsApp,
} from './helpers/winnings-reload-app';
import {
  expectClaim,
  openClaim,
  restsIn,
  serverFor,
  sightOf,
} from './helpers/winnings-reload-claim';
import { LIST_CALLS } from './helpers/winnings-reload-server';
import { firstWalkOf, modelOf } from './helpers/winnings-reload-walk';

const isFirstWalkOf = firstWalkOf<Walk>();
/** The claim as its gestures reach it (helpers/prize-claim-harness.tsx). */
type Claiming = ReturnType<typeof open>;

function describeWalk(walk: Walk): void {
  /** What the walk expects of the claim so far (the claim's gestures keep it). */
  const walked = { expected: expectedOf(walk) };
  const held = holding(current, (app: WinningsApp): Claiming => ({
    walk,
    api: app.api,
    emitted: [],
    view: app.view,
    user: app.user,
    expected: walked.expected,
    get actor() {
      return actorOf(app, 'prizeClaim') as Claiming['actor'];
    },
  }));

  describeReloadAndBack(`the prize claim, ${walk.name}: a reload and Back`, {
    model: modelOf<ClaimSnapshot, ClaimEvent>(logic, eventsFor(walk), serialize, inputOf(walk)),
    isResting: (snapshot) =>
      restsIn(snapshot, walk) && isFirstWalkOf(sightOf(snapshot, walk), walk),
    describe: (snapshot) => sightOf(snapshot, walk),
    // The server lists the prize and the drawer's lists at once; the walk answers the claim.
    open: async () => {
      walked.expected = expectedOf(walk);
      const app = held.hold(await openApp(serverFor(walk), LIST_CALLS));
      await openClaim(walk, app);
      return app;
    },
    events: executors,
    expectScreen: (snapshot, app) => expectClaim(snapshot, app, walk, walked.expected),
    reload: held.reload,
    stepsDone,
    afterBack,
    close: held.close,
  });
}

for (const walk of WALKS) if (!walk.prize.claimed) describeWalk(walk);
