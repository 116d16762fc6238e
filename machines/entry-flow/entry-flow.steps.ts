// The steps of the entry flow: each screen's machine, invoked by the flow while the screen is
// on display, by the id the views find it under. Each ends with an output the flow moves on with.
import type { SlidesEvent } from '../shared/slides.machine';
import { inviteCodeMachine, type InviteCodeEvent } from './invite-code.machine';
import { phoneLoginMachine, type PhoneLoginEvent } from './phone-login.machine';
import {
  phoneRegistrationMachine,
  type PhoneRegistrationEvent,
} from './phone-registration.machine';
import { startingPageMachine, type StartingPageEvent } from './starting-page.machine';
import { termsMachine, type TermsEvent } from './terms.machine';
import { verificationMachine, type VerificationEvent } from './verification.machine';

export const ENTRY_STEPS = {
  startingPage: startingPageMachine,
  terms: termsMachine,
  inviteCode: inviteCodeMachine,
  phoneRegistration: phoneRegistrationMachine,
  phoneLogin: phoneLoginMachine,
  verification: verificationMachine,
} as const;
export type EntryStepId = keyof typeof ENTRY_STEPS;

/** What the visitor does on the entry screens, taken by the step on display. */
export type EntryScreenEvent =
  | SlidesEvent
  | StartingPageEvent
  | TermsEvent
  | InviteCodeEvent
  | PhoneRegistrationEvent
  | PhoneLoginEvent
  | VerificationEvent;
