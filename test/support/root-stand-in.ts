// A tiny root for tests that run one flow without the session: it runs the flow under its id,
// as the session does, and does with the flow's reports what the session does
// (machines/shared/root.ts): emits the effects, keeps the screen on display and the device's
// entries. Attach `writeKeptToDevice` (machines/session/session.device.ts) to write them.
import { assign, emit, sendTo, setup, type AnyActorLogic, type EventObject } from 'xstate';
import type { DeviceEntries } from '../../machines/session/session.types';
import type { AppEffect, ClearDeviceEffect } from '../../machines/shared/effects';
import {
  placeScreen,
  ROOT_ID,
  screenOnDisplay,
  type ReportedScreens,
  type RootReport,
} from '../../machines/shared/root';
import type { Screen } from '../../machines/shared/routes';

export { ROOT_ID };

export type StandInContext = { screens: ReportedScreens; kept: DeviceEntries };

/** The screen the stand-in's snapshot shows (the session's `selectScreen`). */
export const standInScreen = (snapshot: { context: StandInContext }): Screen | null =>
  screenOnDisplay(snapshot.context.screens);

/**
 * A root running `logic` as `id` with `input`; `heard` handles the other
 * events the flow sends its root (session.termsAccepted, say), `done` its output.
 */
export function standInRoot(options: {
  id: string;
  logic: AnyActorLogic;
  input?: unknown;
  kept?: DeviceEntries;
  heard?: Record<string, (event: EventObject) => void>;
  /** Events the stand-in passes on to the flow (`route.opened`, as the session does). */
  forwarded?: string[];
  done?: (output: unknown) => void;
}) {
  const forwarded = Object.fromEntries(
    (options.forwarded ?? []).map((type) => [
      type,
      { actions: sendTo(options.id, ({ event }: { event: EventObject }) => event) },
    ]),
  );
  const heard = Object.fromEntries(
    Object.entries(options.heard ?? {}).map(([type, handle]) => [
      type,
      { actions: ({ event }: { event: EventObject }) => handle(event) },
    ]),
  );
  return setup({
    types: {
      context: {} as StandInContext,
      events: {} as RootReport | EventObject,
      emitted: {} as AppEffect | ClearDeviceEffect,
    },
    actors: { flow: options.logic },
  }).createMachine({
    context: { screens: [], kept: options.kept ?? {} },
    on: {
      ...heard,
      ...forwarded,
      'root.effect': {
        actions: emit(
          ({ event }) => (event as Extract<RootReport, { type: 'root.effect' }>).effect,
        ),
      },
      'root.screen': {
        actions: assign({
          screens: ({ context, event }) =>
            placeScreen(context.screens, event as Extract<RootReport, { type: 'root.screen' }>),
        }),
      },
      'root.keep': {
        actions: assign({
          kept: ({ context, event }) => {
            const report = event as Extract<RootReport, { type: 'root.keep' }>;
            return { ...context.kept, [report.key]: report.value };
          },
        }),
      },
    },
    initial: 'running',
    states: {
      running: {
        invoke: {
          id: options.id,
          src: 'flow',
          input: options.input,
          onDone: { target: 'done', actions: ({ event }) => options.done?.(event.output) },
        },
      },
      done: {},
    },
  });
}
