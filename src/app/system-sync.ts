// Where the app's actor system meets the browser, for the whole system at once: what machines
// emit (navigation, toasts) is carried out, and what they keep on the device is written. Each
// child the session invokes is attached when it starts and detached when it stops.
import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { AnyActorRef } from 'xstate';
import {
  drawStorageEntry,
  type PersistedDraw,
} from '../../machines/draw-cycle/draw-cycle.persistence';
import type { EntryFlowContext } from '../../machines/entry-flow/entry-flow.machine';
import {
  sessionStorageEntry,
  type PersistedSession,
} from '../../machines/session/session.persistence';
import { SYSTEM_IDS } from '../../machines/session/session.machine';
import {
  keepOnDevice,
  STORAGE_KEYS,
  writeItem,
  type DeviceStorage,
} from '../../machines/shared/device';
import type { AppEffect } from '../../machines/shared/effects';
import { carryOutEffect, type Navigate } from '../lib/effects';

type Detach = () => void;

/** Calls `attach` for the root and for every child it runs, now and later; returns the undo. */
export function forEachActor(
  root: AnyActorRef,
  attach: (id: string, actor: AnyActorRef) => Detach,
) {
  const attached = new Map<AnyActorRef, Detach>([[root, attach(SYSTEM_IDS.session, root)]]);
  const sync = (snapshot: { children: Record<string, AnyActorRef | undefined> }) => {
    const running = new Set(Object.values(snapshot.children));
    for (const [actor, detach] of attached) {
      if (actor !== root && !running.has(actor)) {
        detach();
        attached.delete(actor);
      }
    }
    for (const [id, actor] of Object.entries(snapshot.children)) {
      if (actor && !attached.has(actor)) attached.set(actor, attach(id, actor));
    }
  };
  sync(root.getSnapshot() as Parameters<typeof sync>[0]);
  const subscription = root.subscribe((snapshot) => sync(snapshot as Parameters<typeof sync>[0]));
  return () => {
    subscription.unsubscribe();
    for (const detach of attached.values()) detach();
    attached.clear();
  };
}

/** Carries out every `navigate`, `toast` and `dismissToast` any actor of the system emits. */
export function carryOutEffects(root: AnyActorRef, navigate: () => Navigate): Detach {
  return forEachActor(root, (_, actor) => {
    const subscription = actor.on('*', (effect: AppEffect) => carryOutEffect(effect, navigate()));
    return () => subscription.unsubscribe();
  });
}

type Writer = (actor: AnyActorRef, storage: DeviceStorage | null) => Detach;

/** What each actor of the system keeps on the device, by the id it runs under. */
export const DEVICE_WRITERS: Record<string, Writer> = {
  [SYSTEM_IDS.session]: (actor, storage) =>
    keepOnDevice(
      actor,
      sessionStorageEntry,
      (s: { context: PersistedSession }) => s.context,
      storage,
    ),
  [SYSTEM_IDS.drawCycle]: (actor, storage) =>
    keepOnDevice(actor, drawStorageEntry, (s: { context: PersistedDraw }) => s.context, storage),
  // The invite code the flow accepted, for the next visit (storage key inviteCode).
  [SYSTEM_IDS.entryFlow]: (actor, storage) => {
    let last: string | null = null;
    const subscription = actor.subscribe((snapshot: { context: EntryFlowContext }) => {
      const code = snapshot.context.storedInviteCode;
      if (code === null || code === last) return;
      last = code;
      writeItem(storage, STORAGE_KEYS.inviteCode, code);
    });
    return () => subscription.unsubscribe();
  },
};

/**
 * Carries out what the system's actors emit while mounted, through the router of the moment.
 * A layout effect: attached before the actors start, so no effect of their first steps is lost.
 */
export function useSystemEffects(root: AnyActorRef): void {
  const [, navigate] = useLocation();
  const navigateRef = useRef(navigate);
  useLayoutEffect(() => {
    navigateRef.current = navigate;
  });
  useLayoutEffect(() => carryOutEffects(root, () => navigateRef.current), [root]);
}

/** The one place that writes what the machines keep on the device. */
export function keepSystemOnDevice(
  root: AnyActorRef,
  storage: DeviceStorage | null,
  writers: Record<string, Writer> = DEVICE_WRITERS,
): Detach {
  return forEachActor(root, (id, actor) => writers[id]?.(actor, storage) ?? (() => undefined));
}
