// Effects a machine asks the app shell to carry out. A machine sends them to the root of the
// system (`toastAtRoot`, `dismissToastAtRoot` in root.ts), which alone emits them; the shell
// listens to the root only. Machines stay free of the router and the toast library.

export type ToastVariant = 'success' | 'error' | 'info' | 'loading';

export type NavigateEffect = {
  type: 'navigate';
  to: string;
  /** Navigation state, read by the next screen (for example phoneNumber for /login). */
  state?: Record<string, unknown>;
  replace?: boolean;
};

export type ToastEffect = {
  type: 'toast';
  message: string;
  variant: ToastVariant;
  /** A key lets a later `dismissToast` remove this toast, and keeps it from showing twice. */
  key?: string;
  /** Stays until dismissed. */
  persist?: boolean;
};

export type DismissToastEffect = { type: 'dismissToast'; key: string };

export type AppEffect = NavigateEffect | ToastEffect | DismissToastEffect;

/** The root's alone: the device forgets everything it kept (Logout, account deletion). */
export type ClearDeviceEffect = { type: 'device.clear' };

/** What a chart's `showToast` action takes as params. */
export type ToastParams = Omit<ToastEffect, 'type'>;
