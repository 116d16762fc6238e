// What the root of the app's system emits (machines/shared/root.ts), carried out in the browser.
// The machines ask the root for toasts and their dismissals; navigation is no effect (the screens
// name their routes, route-sync.ts follows them), and the device is written by its own writer.
import type { AppEffect, ClearDeviceEffect } from '../../machines/shared/effects';
import { dismissToast, showToast } from './toast';

/** Toasts through notistack; anything else the root emits is someone else's to carry out. */
export function carryOutEffect(effect: AppEffect | ClearDeviceEffect): void {
  switch (effect.type) {
    case 'toast':
      showToast(effect);
      break;
    case 'dismissToast':
      dismissToast(effect.key);
      break;
    default:
      break;
  }
}
