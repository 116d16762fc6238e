// The single place where what machines `emit` becomes navigation and toasts.
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { ActorRef, Snapshot } from 'xstate';
import type { AppEffect } from '../../machines/shared/effects';
import { dismissToast, showToast } from '../lib/toast';

// Any actor that emits app effects, whatever events it takes.
export type EffectSource = Pick<ActorRef<Snapshot<unknown>, never, AppEffect>, 'on'>;

/** Carries out every `navigate`, `toast` and `dismissToast` the actor emits while mounted. */
export function useAppEffects(actor: EffectSource): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    const subscription = actor.on('*', (effect: AppEffect) => {
      switch (effect.type) {
        case 'navigate':
          navigate(effect.to, { state: effect.state, replace: effect.replace ?? false });
          break;
        case 'toast':
          showToast(effect);
          break;
        case 'dismissToast':
          dismissToast(effect.key);
          break;
      }
    });
    return () => subscription.unsubscribe();
  }, [actor, navigate]);
}
