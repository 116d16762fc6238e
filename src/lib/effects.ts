// What machines `emit` (machines/shared/effects.ts) carried out in the browser.
import type { AppEffect } from '../../machines/shared/effects';
import { dismissToast, showToast } from './toast';

export type Navigate = (
  to: string,
  options: { state?: Record<string, unknown> | null; replace?: boolean },
) => void;

/** Navigation through the router, toasts through notistack. */
export function carryOutEffect(effect: AppEffect, navigate: Navigate): void {
  switch (effect.type) {
    case 'navigate':
      navigate(effect.to, { state: effect.state ?? null, replace: effect.replace ?? false });
      break;
    case 'toast':
      showToast(effect);
      break;
    case 'dismissToast':
      dismissToast(effect.key);
      break;
  }
}
