// The shell subscribes to what a machine emits, for as long as the component is mounted.
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { ActorRef, Snapshot } from 'xstate';
import type { AppEffect } from '../../machines/shared/effects';
import { carryOutEffect } from '../lib/effects';

// Any actor that emits app effects, whatever events it takes.
export type EffectSource = Pick<ActorRef<Snapshot<unknown>, never, AppEffect>, 'on'>;

/** Carries out every `navigate`, `toast` and `dismissToast` the actor emits while mounted. */
export function useAppEffects(actor: EffectSource): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    const subscription = actor.on('*', (effect: AppEffect) => carryOutEffect(effect, navigate));
    return () => subscription.unsubscribe();
  }, [actor, navigate]);
}
