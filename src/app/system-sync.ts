// Where the app's actor system meets the browser: the root (the session) alone emits what the
// page must do, and the shell listens to it once (DESIGN.md section 8). Every other machine asks
// the root (machines/shared/root.ts); none is listened to here.
import { useLayoutEffect } from 'react';
import type { AnyActorRef } from 'xstate';
import type { AppEffect, ClearDeviceEffect } from '../../machines/shared/effects';
import { carryOutEffect } from '../lib/effects';

/** Carries out every toast and dismissal the root emits; returns the undo. */
export function carryOutRootEffects(root: Pick<AnyActorRef, 'on'>): () => void {
  const subscription = root.on('*', (effect: AppEffect | ClearDeviceEffect) =>
    carryOutEffect(effect),
  );
  return () => subscription.unsubscribe();
}

/**
 * Carries out what the root emits while mounted. A layout effect: attached before the actors
 * take their first steps, so no toast of a first step is lost.
 */
export function useRootEffects(root: Pick<AnyActorRef, 'on'>): void {
  useLayoutEffect(() => carryOutRootEffects(root), [root]);
}
