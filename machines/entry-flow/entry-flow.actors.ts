// The calls the entry flow makes, as actors the machine invokes by id. The app builds them from
// the real API client; tests build them from fakes. Failures reach the chart as
// `xstate.error.actor.<id>` events whose error carries the HTTP status (0: the network failed).
import { fromPromise } from 'xstate';
import type { LoginResponse } from '../../contract/api';
import { browserStorage, STORAGE_KEYS, type DeviceStorage } from '../shared/device';

/** The part of the API client the entry flow calls (src/lib/api.ts has these shapes). */
export type EntryFlowApi = {
  validateInvite: (body: { invite_code: string }) => Promise<unknown>;
  register: (body: { phone_number: string; invite_code: string }) => Promise<unknown>;
  requestCode: (body: { phone_number: string }) => Promise<{ otp?: string | undefined }>;
  verifyCode: (body: { phone_number: string; code: string }) => Promise<LoginResponse>;
  /** `deviceId`: the device's own random id, so it counts once per invite. */
  countInviteClick: (inviteCode: string, deviceId?: string) => Promise<unknown>;
};

/** Where the device keeps its random id (a UUID, nothing about the person). */
export const DEVICE_ID_KEY = STORAGE_KEYS.deviceId;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A random (version 4) UUID, also where `crypto.randomUUID` is missing (plain http). */
function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The device's random id, made and kept the first time it is asked for; none where the device
 * keeps nothing (private mode), so the click then counts without one.
 */
export function deviceIdOf(storage: DeviceStorage | null): string | undefined {
  if (!storage) return undefined;
  try {
    const kept = storage.getItem(DEVICE_ID_KEY);
    if (kept && UUID.test(kept)) return kept;
    const id = randomUuid();
    storage.setItem(DEVICE_ID_KEY, id);
    return storage.getItem(DEVICE_ID_KEY) === id ? id : undefined;
  } catch {
    return undefined;
  }
}

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
        await api.countInviteClick(input.inviteCode, deviceIdOf(browserStorage()));
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
