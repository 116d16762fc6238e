// How the machines of the app's one actor system reach its root, the session (DESIGN.md section
// 8). The root is the only actor the app shell listens to; every other machine tells it, by its
// system id, what it has to say to the world:
// - an effect (a toast, a dismissal): `toastAtRoot` / `dismissToastAtRoot` send it, the root
//   emits it, the shell carries it out;
// - the screen it shows: a machine whose states name routes (`meta.route`, routes.ts) invokes
//   `reportToRoot` once, at its top; the reporter tells the root whenever the machine's screen
//   changes, and that it has none once the machine stops. The root's snapshot carries the
//   screen on display (the last one reported), which the route sync follows;
// - what the device keeps of it: the same reporter sends each persisted part (device.ts),
//   serialized by its own schema, whenever it changes; the app's one writer, subscribed to the
//   root, writes it.
// A machine run alone (a unit test, no root in its system) is its own root: it emits its
// effects itself, and its reporter stays silent (read its screen with `screenOf`).
import {
  enqueueActions,
  fromCallback,
  type AnyActorRef,
  type EventObject,
  type ActionFunction,
  type MachineContext,
  type ParameterizedObject,
} from 'xstate';
import type { StorageKey } from './device';
import type { DismissToastEffect, ToastEffect, ToastParams } from './effects';
import { screenOf, type Screen, type ScreenSnapshot } from './routes';

/** The system id the app starts the session (the root) with. */
export const ROOT_ID = 'session';

/** An effect a machine asks the root to emit. */
export type RootEffectEvent = { type: 'root.effect'; effect: ToastEffect | DismissToastEffect };
/** The screen machine `by` (its session id) shows now; null: none (any more). */
export type RootScreenEvent = { type: 'root.screen'; by: string; screen: Screen | null };
/** What the device should now keep under `key` (serialized); null removes the entry. */
export type RootKeepEvent = { type: 'root.keep'; key: StorageKey; value: string | null };
/** What the machines tell the root. */
export type RootReport = RootEffectEvent | RootScreenEvent | RootKeepEvent;

/** The root of `self`'s system, unless `self` is the root or runs without one. */
function rootAbove(self: AnyActorRef, system: { get(id: string): AnyActorRef | undefined }) {
  const root = system.get(ROOT_ID);
  return root && root !== self ? root : undefined;
}

/** An action of a chart's `setup({ actions })` taking `TParams`, typed where it is used. */
type RootAction<
  TContext extends MachineContext,
  TExpressionEvent extends EventObject,
  TParams extends ParameterizedObject['params'] | undefined,
  TEvent extends EventObject,
  TEmitted extends EventObject,
> = ActionFunction<
  TContext,
  TExpressionEvent,
  TEvent,
  TParams,
  never,
  never,
  never,
  never,
  TEmitted
>;

/**
 * An action that has the root emit the effect `effectOf(params)` (the actor emits it itself
 * when it is the root, or runs alone). Called in a chart's `setup({ actions })`, like `emit`.
 */
export function effectAtRoot<
  TContext extends MachineContext,
  TExpressionEvent extends EventObject,
  TParams extends ParameterizedObject['params'] | undefined,
  TEvent extends EventObject,
  TEmitted extends EventObject,
>(
  effectOf: (params: TParams) => ToastEffect | DismissToastEffect,
): RootAction<TContext, TExpressionEvent, TParams, TEvent, TEmitted> {
  const action = enqueueActions(({ enqueue, self, system }, params: TParams) => {
    const effect = effectOf(params);
    const root = rootAbove(self, system as { get(id: string): AnyActorRef | undefined });
    if (root) enqueue.sendTo(root, { type: 'root.effect', effect } satisfies RootEffectEvent);
    else (enqueue.emit as (emitted: EventObject) => void)(effect);
  });
  return action as unknown as RootAction<TContext, TExpressionEvent, TParams, TEvent, TEmitted>;
}

/** A chart's `showToast` action (`{ type: 'showToast', params: { message, variant, ... } }`). */
export function toastAtRoot<
  TContext extends MachineContext,
  TExpressionEvent extends EventObject,
  TEvent extends EventObject,
  TEmitted extends EventObject,
>(): RootAction<TContext, TExpressionEvent, ToastParams, TEvent, TEmitted> {
  return effectAtRoot((params: ToastParams) => ({ type: 'toast', ...params }));
}

/** A chart's action that dismisses the toast with `key`. */
export function dismissToastAtRoot<
  TContext extends MachineContext,
  TExpressionEvent extends EventObject,
  TEvent extends EventObject,
  TEmitted extends EventObject,
>(key: string): RootAction<TContext, TExpressionEvent, undefined, TEvent, TEmitted> {
  return effectAtRoot(() => ({ type: 'dismissToast', key }));
}

/** What `reportToRoot` reads from its machine besides the routes its states name. */
export type RootReporterOptions<TSnapshot> = {
  /** The history state the screen's address carries, read again on a reload. */
  historyState?: (snapshot: TSnapshot) => Record<string, unknown> | undefined;
  /** The machine's persisted parts: each key with its serialized value (null: removed). */
  kept?: (snapshot: TSnapshot) => Partial<Record<StorageKey, string | null>>;
};

export type RootReporterInput = { owner: AnyActorRef };

/**
 * The reporter a machine invokes once, at its top (`invoke: { src: reportToRoot(...), input:
 * ({ self }) => ({ owner: self }) }`): it tells the root the machine's screen (its own states'
 * `meta.route`, not its children's: a child that shows screens reports them itself, and, being
 * started later, is reported after its parent) and its persisted parts, each time they change.
 */
export function reportToRoot<TSnapshot = ScreenSnapshot>(
  options: RootReporterOptions<TSnapshot> = {},
) {
  return fromCallback<EventObject, RootReporterInput>(({ input, system }) => {
    const owner = input.owner;
    const root = rootAbove(owner, system as { get(id: string): AnyActorRef | undefined });
    if (!root) return undefined;
    const tell = (report: RootReport) => {
      const { status } = root.getSnapshot() as { status: string };
      if (status === 'active') root.send(report);
    };
    let lastScreen: string | null = null;
    const lastKept = new Map<StorageKey, string | null>();
    const report = (snapshot: TSnapshot) => {
      const own = screenOf(snapshot as ScreenSnapshot, { children: false });
      const screen = own && { ...own, state: options.historyState?.(snapshot) };
      const shown = JSON.stringify(screen);
      if (shown !== lastScreen) {
        lastScreen = shown;
        tell({ type: 'root.screen', by: owner.sessionId, screen });
      }
      const kept = options.kept?.(snapshot) ?? {};
      for (const [key, value] of Object.entries(kept) as Array<[StorageKey, string | null]>) {
        if (lastKept.get(key) === value) continue;
        lastKept.set(key, value);
        tell({ type: 'root.keep', key, value });
      }
    };
    report(owner.getSnapshot() as TSnapshot);
    const watching = owner.subscribe((snapshot) => report(snapshot as TSnapshot));
    return () => {
      watching.unsubscribe();
      // A machine that reached a final state is stopped without its observers hearing of that
      // state: its screen (a screen seen once, say) is told now, on the way out.
      const last = owner.getSnapshot() as TSnapshot & { status?: string };
      if (last.status === 'done') report(last);
      if (lastScreen !== 'null') tell({ type: 'root.screen', by: owner.sessionId, screen: null });
    };
  });
}

/** The screens reported to the root, oldest first: the last one is on display. */
export type ReportedScreens = ReadonlyArray<{ by: string; screen: Screen }>;

/** The root's list after `report`: the reporter's screen moves to the top, or leaves. */
export function placeScreen(screens: ReportedScreens, report: RootScreenEvent): ReportedScreens {
  const others = screens.filter((entry) => entry.by !== report.by);
  return report.screen ? [...others, { by: report.by, screen: report.screen }] : others;
}

/** The screen on display: the one reported last (null while none is shown). */
export function screenOnDisplay(screens: ReportedScreens): Screen | null {
  return screens.at(-1)?.screen ?? null;
}
