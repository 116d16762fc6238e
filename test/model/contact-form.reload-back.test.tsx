// Contact Us's resting states (the form just opened, a draft typed, a send that failed with the
// server busy, with too many messages and with the message refused), each reached on the form
// model's shortest path (helpers/contact-reload-model.ts) through the real signed-in app, the
// form opened from the WINNINGS drawer, with the model test's gestures
// (helpers/contact-reload-gestures.ts), then reloaded and left with Back (see
// helpers/reload-and-back.tsx): after a reload the same subject and message show, read from the
// page's entry, and no toast comes back; Back lands on the drawer, which stays; nothing is sent
// twice.
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTACT_SENT } from '../../contract/contact';
import type { ApiFailure } from '../../src/lib/api';
import { settle } from '../support/settle';
import {
  afterBack,
  expectContactUs,
  holdingForm,
  openContactUs,
  sightOf,
} from './helpers/contact-reload-app';
import { button, executors, messageField, subjectField } from './helpers/contact-reload-gestures';
import { answerWhenWaiting } from './helpers/generated-walks';
import {
  eventsFor,
  logic,
  serialize,
  WALKS,
  type FormEvent,
  type FormSnapshot,
  type Walk,
} from './helpers/contact-reload-model';
import { screenLoaded } from './helpers/app-harness';
import { describeReloadAndBack, goBack, WalkHistory } from './helpers/reload-and-back';
import { failureName } from './helpers/winnings-fake-api';
import { openApp, stepsDone } from './helpers/winnings-reload-app';
import { LIST_CALLS, WinningsServer } from './helpers/winnings-reload-server';
import { firstWalkOf, modelOf } from './helpers/winnings-reload-walk';

// The walk that types with spaces: the text a failed send keeps (trimmed) tells its states
// from a draft typed and not sent.
const walk = WALKS[0]!;
if (walk.typed.subject === walk.sent.subject) throw new Error('The walk must type with spaces');
const isFirstWalkOf = firstWalkOf<ApiFailure>();

/** The form's model with one way for the send to fail: each failure rests in its own state. */
function modelFailing(failing: Walk, failure: ApiFailure) {
  const events = eventsFor(failing);
  return modelOf<FormSnapshot, FormEvent>(
    logic,
    (snapshot) =>
      events(snapshot).filter(
        (event) =>
          event.type !== 'xstate.error.actor.sendContactMessage' || event.error === failure,
      ),
    serialize,
  );
}

function describeFailing(failure: ApiFailure): void {
  const held = holdingForm(walk);
  describeReloadAndBack(`Contact Us, the send failing ${failureName(failure)}: a reload and Back`, {
    model: modelFailing(walk, failure),
    isResting: (snapshot) =>
      snapshot.matches('editing') && isFirstWalkOf(sightOf(snapshot, walk, failure), failure),
    describe: (snapshot) => sightOf(snapshot, walk, failure),
    // The server lists the drawer's lists at once; the walk answers the send.
    open: async () => {
      held.restart();
      const app = held.hold(await openApp(new WinningsServer(), LIST_CALLS));
      await openContactUs(app);
      return app;
    },
    events: executors,
    expectScreen: (snapshot, app) => expectContactUs(snapshot, app, walk, failure),
    reload: held.reload,
    stepsDone,
    afterBack,
    close: held.close,
  });
}

for (const failure of walk.failures) describeFailing(failure);

// Sent, the page's entry is one seen once: Back from /home skips it to the drawer, and Forward
// from there skips it to /home, so the text sent never shows again as if it were not.
describe('Contact Us, once the message is sent', () => {
  it('Back from /home lands on the drawer, Forward on /home: the text sent never shows again', async () => {
    const history = new WalkHistory();
    const held = holdingForm(walk);
    const app = held.hold(await openApp(new WinningsServer(), LIST_CALLS));
    try {
      await openContactUs(app);
      await app.user.type(subjectField(), walk.typed.subject);
      await app.user.type(messageField(), walk.typed.message);
      await app.user.click(button('Submit'));
      await answerWhenWaiting(app.api, 'sendContactMessage', (api) =>
        api.resolve('sendContactMessage', { message: CONTACT_SENT }),
      );
      await waitFor(() => expect(window.location.pathname).toBe('/home'));
      const sent = stepsDone(app);
      expect(sent).toEqual([{ name: 'sendContactMessage', body: walk.sent }]);

      expect((await goBack(history))?.path).toBe('/winnings');
      await afterBack({ path: '/winnings', search: '', state: null }, app);
      expect(screen.queryByLabelText('Subject')).toBeNull();

      await act(async () => {
        window.history.forward();
        await settle();
      });
      await waitFor(() => expect(window.location.pathname).toBe('/home'));
      await screenLoaded();
      expect(screen.queryByLabelText('Subject')).toBeNull();
      expect(stepsDone(app)).toEqual(sent);
    } finally {
      history.stop();
      held.close(app);
    }
  });
});
