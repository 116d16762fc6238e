// Where the app's actor system meets the browser, for the whole system at once: what machines
// emit (navigation, toasts) is carried out, and what they keep on the device is written. Each
// child the session invokes is attached when it starts and detached when it stops.
import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { AnyActorRef, Subscription } from 'xstate';
import { keepDrawOnDevice } from '../../machines/draw-cycle/draw-cycle.persistence';
import { SYSTEM_IDS } from '../../machines/session/session.machine';
import type { DeviceStorage } from '../../machines/shared/device';
import type { AppEffect } from '../../machines/shared/effects';
import { carryOutEffect, type Navigate } from '../lib/effects';

type Detach = () => void;

/**
 * Calls `attach` for the root and for every actor it runs, and every actor those run (a flow's
 * steps are children of the flow), now and later; returns the undo. Children are known by the
 * id they were invoked with.
 */
export function forEachActor(
  root: AnyActorRef,
  attach: (id: string, actor: AnyActorRef) => Detach,
) {
  type Watched = { detach: Detach; watching: Subscription | null };
  const attached = new Map<AnyActorRef, Watched>();
  const running = (actor: AnyActorRef) =>
    Object.entries(
      (actor.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> }).children ??
        {},
    );
  const sync = () => {
    const seen = new Map<AnyActorRef, string>();
    const visit = (id: string, actor: AnyActorRef) => {
      seen.set(actor, id);
      for (const [childId, child] of running(actor)) if (child) visit(childId, child);
    };
    visit(SYSTEM_IDS.session, root);
    for (const [actor, watched] of attached) {
      if (!seen.has(actor)) {
        watched.watching?.unsubscribe();
        watched.detach();
        attached.delete(actor);
      }
    }
    for (const [actor, id] of seen) {
      if (attached.has(actor)) continue;
      const detach = attach(id, actor);
      // Promise and callback actors run nothing; a machine may start children on any step.
      const watching = 'getMeta' in (actor.getSnapshot() as object) ? actor.subscribe(sync) : null;
      attached.set(actor, { detach, watching });
    }
  };
  sync();
  return () => {
    for (const { detach, watching } of attached.values()) {
      watching?.unsubscribe();
      detach();
    }
    attached.clear();
  };
}

/**
 * Carries out every `navigate`, `toast` and `dismissToast` any actor of the system emits. An
 * actor is listened to from the moment the system creates it, so what a step emits as it
 * starts (Tell Us More's 'Loading questions') is not lost before its parent's next snapshot.
 */
export function carryOutEffects(root: AnyActorRef, navigate: () => Navigate): Detach {
  const listening = new Map<AnyActorRef, Subscription>();
  const listen = (actor: AnyActorRef) => {
    if (listening.has(actor)) return;
    listening.set(
      actor,
      actor.on('*', (effect: AppEffect) => carryOutEffect(effect, navigate())),
    );
  };
  const created = root.system.inspect((event) => {
    if (event.type === '@xstate.actor' && 'on' in event.actorRef) {
      listen(event.actorRef as AnyActorRef);
    }
  });
  const stopWatching = forEachActor(root, (_, actor) => {
    listen(actor);
    return () => {
      listening.get(actor)?.unsubscribe();
      listening.delete(actor);
    };
  });
  return () => {
    created.unsubscribe();
    stopWatching();
    for (const subscription of listening.values()) subscription.unsubscribe();
    listening.clear();
  };
}

type Writer = (actor: AnyActorRef, storage: DeviceStorage | null) => Detach;

/** What the draw keeps on the device (the session and the other flows go through the root). */
export const DEVICE_WRITERS: Record<string, Writer> = {
  [SYSTEM_IDS.drawCycle]: (actor, storage) => keepDrawOnDevice(actor, storage),
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
