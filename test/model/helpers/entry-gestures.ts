// What a visitor does on the entry pages and what they see there, for the walks of the entry
// flow and its steps: gestures (taps, typing, swipes), answers to the flow's calls, and the
// checks of each screen.
import { act, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import type { EntryFlowHarness } from './entry-flow-harness';
import type { EntryFlowCallName } from './fake-entry-flow-api';

export const button = (name: string | RegExp) => screen.getByRole('button', { name });
export const heading = (name: string) => screen.getByRole('heading', { level: 1, name });
export const toast = (text: string) => screen.findByText(text, {}, { timeout: 2000 });

/** What the gestures and answers use of an app running the entry pages: its calls, the hands. */
export type EntryHands = Pick<EntryFlowHarness, 'api' | 'user'>;

/** A finger or the mouse dragged over `element` by (dx, dy), in a few moves. */
export async function drag(
  app: { user: EntryFlowHarness['user'] },
  element: Element,
  pointer: 'mouse' | 'touch',
  dx: number,
  dy = 0,
): Promise<void> {
  const key = pointer === 'mouse' ? 'MouseLeft' : 'TouchA';
  const start = { clientX: 200, clientY: 400 };
  const steps = 4;
  await app.user.pointer([
    { keys: `[${key}>]`, target: element, coords: start },
    ...Array.from({ length: steps }, (_, i) => ({
      ...(pointer === 'touch' ? { pointerName: 'TouchA' } : {}),
      target: element,
      coords: {
        clientX: start.clientX + (dx * (i + 1)) / steps,
        clientY: start.clientY + (dy * (i + 1)) / steps,
      },
    })),
    { keys: `[/${key}]`, target: element },
  ]);
}

export async function typeInto(app: EntryHands, label: string, text: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  await app.user.type(field, text);
}

/** The HTTP status a model event's failure carries; null for a success. */
export function failureStatus(event: EventObject): number | null {
  return 'error' in event ? (event.error as { status: number }).status : null;
}

export function failureOf(event: EventObject): { status: number; detail: string | null } {
  return (event as unknown as { error: { status: number; detail: string | null } }).error;
}

/** Waits for the running call, then ends it as the model's event says (or with `success`). */
export async function answer(
  app: EntryHands,
  event: EventObject,
  call: EntryFlowCallName,
  success: unknown,
): Promise<void> {
  await waitFor(() => expect(app.api.isWaiting(call)).toBe(true));
  await act(async () => {
    if ('error' in event) app.api.reject(call, event.error);
    else app.api.resolve(call, success);
    await Promise.resolve();
  });
}

/** Answers the waiting `call` with `value`. */
export async function resolveCall(app: EntryHands, call: EntryFlowCallName, value: unknown) {
  await answer(app, { type: 'success' }, call, value);
}

export function expectDigitBoxes(enabled: boolean, digits = ''): void {
  const boxes = within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole(
    'textbox',
  );
  expect(boxes).toHaveLength(4);
  boxes.forEach((box, i) => {
    expect(box).toHaveProperty('disabled', !enabled);
    expect(box).toHaveProperty('value', digits[i] ?? '');
  });
}

export function expectDisclaimer(isAgreementChecked: boolean): void {
  heading('Disclaimer');
  expect(screen.getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe(
    '/terms-and-conditions',
  );
  expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
    '/privacy-policy',
  );
  expect(screen.getByRole('link', { name: 'Official Rules' }).getAttribute('href')).toBe('/rules');
  expect(screen.getByRole('checkbox')).toHaveProperty('checked', isAgreementChecked);
  expect(button('SUBMIT')).toHaveProperty('disabled', !isAgreementChecked);
}

/** A returning player reaches sign-in in one tap from the sign-up screens. */
export function expectSignInLink(): void {
  expect(screen.getByRole('link', { name: 'I already have an account' }).getAttribute('href')).toBe(
    '/phone-login',
  );
}

export function expectCodeControls(enabled: boolean): void {
  expect(button('Resend code')).toHaveProperty('disabled', !enabled);
  expect(button('Change number')).toHaveProperty('disabled', !enabled);
}

/** The screens the steps lead to, as the visitor sees them on arrival. */
export const SCREENS = {
  inviteCode: () => {
    expect(window.location.pathname).toBe('/invite-code');
    heading('Enter Invitation Code');
  },
  onboardingPhone: () => {
    expect(window.location.pathname).toBe('/onboarding');
    heading('Verify Your Mobile Number');
  },
  phoneLogin: () => {
    expect(window.location.pathname).toBe('/phone-login');
    heading('Welcome back');
  },
  verification: () => {
    expect(window.location.pathname).toBe('/login');
    heading('Enter Verification Code');
  },
  home: () => {
    expect(window.location.pathname).toBe('/home');
  },
};
