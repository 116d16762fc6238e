// The one call Contact Us makes, as an actor the machine invokes by id. The app builds it from
// the real API client; tests build it from a fake. A failed call reaches the chart as
// `xstate.error.actor.sendContactMessage` whose error carries the HTTP status and the server's
// detail (see toCallFailure).
import { fromPromise } from 'xstate';
import type { ContactRequest } from '../../contract/contact';

/** The part of the API client Contact Us calls (src/lib/api.ts has this shape). */
export type ContactApi = {
  sendContactMessage: (body: ContactRequest) => Promise<unknown>;
};

export function createContactFormActors(api: ContactApi) {
  return {
    sendContactMessage: fromPromise<void, ContactRequest>(async ({ input }) => {
      await api.sendContactMessage(input);
    }),
  };
}

export type ContactFormActors = ReturnType<typeof createContactFormActors>;

/** Until the app provides the API every call fails, so the chart's error paths run. */
export const disconnectedContactFormActors = createContactFormActors({
  sendContactMessage: () => Promise.reject(new Error('Contact Us was started without an API.')),
});
