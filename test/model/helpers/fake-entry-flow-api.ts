// A stand-in for the API the entry flow calls (see deferred-api.ts).
import type { LoginResponse } from '../../../contract/api';
import type { EntryFlowApi } from '../../../machines/entry-flow/entry-flow.actors';
import { DeferredApi } from './deferred-api';

export type EntryFlowCallName = keyof EntryFlowApi;

export class FakeEntryFlowApi extends DeferredApi<EntryFlowCallName> implements EntryFlowApi {
  validateInvite = (body: { invite_code: string }) => this.call<unknown>('validateInvite', body);
  register = (body: { phone_number: string; invite_code: string }) =>
    this.call<unknown>('register', body);
  requestCode = (body: { phone_number: string }) =>
    this.call<{ otp?: string | undefined }>('requestCode', body);
  verifyCode = (body: { phone_number: string; code: string }) =>
    this.call<LoginResponse>('verifyCode', body);
  countInviteClick = (inviteCode: string) => this.call<unknown>('countInviteClick', inviteCode);
}
