// The entry flow with its steps calling the API: the app gives the real client, tests a fake.
// Each step is a machine of its own, so each is given the calls it makes.
import { createEntryFlowActors, type EntryFlowApi } from './entry-flow.actors';
import { entryFlowMachine } from './entry-flow.machine';
import { ENTRY_STEPS } from './entry-flow.steps';

/** Each step of the entry flow, making its calls through `api`. */
export function connectEntrySteps(api: EntryFlowApi) {
  const calls = createEntryFlowActors(api);
  return {
    startingPage: ENTRY_STEPS.startingPage.provide({
      actors: { validateInvite: calls.validateInvite, countInviteClick: calls.countInviteClick },
    }),
    terms: ENTRY_STEPS.terms,
    inviteCode: ENTRY_STEPS.inviteCode.provide({
      actors: { validateInvite: calls.validateInvite },
    }),
    phoneRegistration: ENTRY_STEPS.phoneRegistration.provide({
      actors: { register: calls.register },
    }),
    phoneLogin: ENTRY_STEPS.phoneLogin.provide({ actors: { requestCode: calls.requestCode } }),
    verification: ENTRY_STEPS.verification.provide({
      actors: { requestCode: calls.requestCode, verifyCode: calls.verifyCode },
    }),
  };
}

/** The entry flow whose steps call `api`. */
export function connectEntryFlow(api: EntryFlowApi) {
  return entryFlowMachine.provide({ actors: connectEntrySteps(api) });
}
