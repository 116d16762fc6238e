// The calls the entry flow makes, as actors the machine invokes by id. The app builds them from
// the real API client; tests build them from fakes. Failures reach the chart as
// `xstate.error.actor.<id>` events whose error carries the HTTP status (0: the network failed).
import { fromPromise } from 'xstate';
import type { LoginResponse } from '../../contract/api';

/** The part of the API client the entry flow calls (src/lib/api.ts has these shapes). */
export type EntryFlowApi = {
  validateInvite: (body: { invite_code: string }) => Promise<unknown>;
  register: (body: { phone_number: string; invite_code: string }) => Promise<unknown>;
  requestCode: (body: { phone_number: string }) => Promise<{ otp?: string | undefined }>;
  verifyCode: (body: { phone_number: string; code: string }) => Promise<LoginResponse>;
  countInviteClick: (inviteCode: string) => Promise<unknown>;
};

export type InviteCodeInput = { inviteCode: string };
export type ValidatedInvite = { inviteCode: string };
export type RegistrationInput = { phoneNumber: string; inviteCode: string };
export type CodeRequestInput = { phoneNumber: string };
/** What a code request answers: the code itself only while no SMS provider is configured. */
export type CodeRequest = { otp: string | null };
export type VerificationInput = { phoneNumber: string; code: string };

export function createEntryFlowActors(api: EntryFlowApi) {
  return {
    validateInvite: fromPromise<ValidatedInvite, InviteCodeInput>(async ({ input }) => {
      await api.validateInvite({ invite_code: input.inviteCode });
      return { inviteCode: input.inviteCode };
    }),
    register: fromPromise<void, RegistrationInput>(async ({ input }) => {
      await api.register({ phone_number: input.phoneNumber, invite_code: input.inviteCode });
    }),
    requestCode: fromPromise<CodeRequest, CodeRequestInput>(async ({ input }) => {
      const answer = await api.requestCode({ phone_number: input.phoneNumber });
      return { otp: answer.otp ?? null };
    }),
    verifyCode: fromPromise<LoginResponse, VerificationInput>(({ input }) =>
      api.verifyCode({ phone_number: input.phoneNumber, code: input.code }),
    ),
    countInviteClick: fromPromise<void, InviteCodeInput>(async ({ input }) => {
      try {
        await api.countInviteClick(input.inviteCode);
      } catch {
        // A click that could not be counted must not hold the visitor up (nor fail the flow).
      }
    }),
  };
}

export type EntryFlowActors = ReturnType<typeof createEntryFlowActors>;

const notConnected = (): Promise<never> =>
  Promise.reject(new Error('The entry flow was started without an API.'));

/** Until the app provides the API every call fails, so the chart's error paths run. */
export const disconnectedEntryFlowActors = createEntryFlowActors({
  validateInvite: notConnected,
  register: notConnected,
  requestCode: notConnected,
  verifyCode: notConnected,
  countInviteClick: notConnected,
});
