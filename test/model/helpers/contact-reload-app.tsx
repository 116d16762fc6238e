// Contact Us in its reload and Back walk (contact-form.reload-back.test.tsx): the form opened as
// the player opens it (WINNINGS, then its Contact Us) in the signed-in app of the winnings
// walks (winnings-reload-app.tsx), the running form as the model's gestures reach it, the
// states a player rests in and what they see there, walked or reloaded.
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { ActorRefFrom } from 'xstate';
import type { ApiFailure } from '../../../src/lib/api';
import { screenState } from '../../../src/lib/route-follower';
import { goTo } from './app-harness';
import {
  alerts,
  button,
  current,
  expectedAtFirst,
  messageField,
  subjectField,
  type RunningForm,
} from './contact-reload-gestures';
import { failureToast, type FormSnapshot, type logic, type Walk } from './contact-reload-model';
import type { Address } from './reload-and-back';
import type { FlowActor } from './winnings-model';
import {
  actorOf,
  afterBack as drawerSlidesDown,
  holding,
  slideDown,
  type WinningsApp,
} from './winnings-reload-app';

/** The form running in `app` (the winnings flow's child while Contact Us is open). */
export function formOf(app: WinningsApp): ActorRefFrom<typeof logic> {
  const flow = actorOf(app, 'winnings') as FlowActor;
  const form = flow.getSnapshot().children.contactForm;
  if (!form) throw new Error('Contact Us is not open');
  return form;
}

/** The app a walk of `walk` runs, held where the form's gestures reach it. */
export function holdingForm(walk: Walk) {
  let expected = expectedAtFirst();
  const held = holding(current, (app: WinningsApp): RunningForm => ({
    walk,
    api: app.api,
    // In the app the root shows the toasts: the walk reads them on screen.
    emitted: [],
    view: app.view,
    user: app.user,
    expected,
    get actor() {
      return formOf(app);
    },
  }));
  return {
    ...held,
    /** The walk starts again: nothing typed, sent or shown yet. */
    restart: () => void (expected = expectedAtFirst()),
  };
}

/** The player opens WINNINGS and taps its Contact Us. */
export async function openContactUs(app: WinningsApp): Promise<void> {
  await goTo('/winnings');
  await slideDown(app);
  const footer = await screen.findByRole('navigation', { name: 'Help and account' });
  await app.user.click(within(footer).getByRole('button', { name: 'Contact Us' }));
  await waitFor(() => expect(window.location.pathname).toBe('/form/has-problem'));
  await waitFor(() => formOf(app));
  await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
}

/**
 * What the fields hold at a resting state of `walk`: nothing yet, or what the player typed,
 * spaces and all (the walk types with spaces, so the trimmed text a failed send keeps tells it
 * from a draft not sent).
 */
const typedAt = (snapshot: FormSnapshot, walk: Walk) =>
  snapshot.context.subject === '' && snapshot.context.message === ''
    ? { subject: '', message: '' }
    : walk.typed;

/** The toast a resting state shows: the failure's, after a send that failed. */
function toastAt(snapshot: FormSnapshot, walk: Walk, failure: ApiFailure): string | null {
  const { subject, message } = snapshot.context;
  const sent = subject === walk.sent.subject && message === walk.sent.message;
  return sent ? failureToast(failure).message : null;
}

/** What the player sees of a resting state. */
export function sightOf(snapshot: FormSnapshot, walk: Walk, failure: ApiFailure): string {
  const toast = toastAt(snapshot, walk, failure);
  if (toast) return `Contact Us, the send failed: '${toast}'`;
  return typedAt(snapshot, walk).subject === '' ? 'Contact Us, empty' : 'Contact Us, a draft typed';
}

/**
 * Contact Us at rest: the fields hold what was typed, kept in the page's entry (where a reload
 * reads it), Submit and Back can be tapped; walked, a failed send's toast shows, and reloaded it
 * does not come back.
 */
export async function expectContactUs(
  snapshot: FormSnapshot,
  app: WinningsApp,
  walk: Walk,
  failure: ApiFailure,
): Promise<void> {
  await waitFor(() => expect(window.location.pathname).toBe('/form/has-problem'));
  await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
  const typed = typedAt(snapshot, walk);
  await waitFor(() => {
    expect(subjectField().value).toBe(typed.subject);
    expect(messageField().value).toBe(typed.message);
  });
  await waitFor(() =>
    expect(screenState(window.history.state)).toEqual(typed.subject === '' ? null : typed),
  );
  expect(button('Submit').disabled).toBe(false);
  expect(button('Back').disabled).toBe(false);
  expect(alerts()).toEqual([]);
  const toast = toastAt(snapshot, walk, failure);
  if (toast && !app.reloaded) await screen.findByText(toast);
  if (toast && app.reloaded) expect(screen.queryByText(toast)).toBeNull();
}

/** Back from Contact Us: the drawer it was opened from, sliding down, and nothing sent. */
export async function afterBack(to: Address, app: WinningsApp): Promise<void> {
  expect(to.path).toBe('/winnings');
  await drawerSlidesDown(to, app);
  const drawer = await screen.findByTestId('winnings-drawer');
  expect(drawer.getAttribute('data-panel')).toBe('open');
}
