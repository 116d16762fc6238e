// The app's one way to load a component's code on demand: a screen (or a part of one) whose
// code loads when first rendered, or earlier through `preload()`; once that has resolved, it
// renders at once, without suspending. A lazy screen that suspends on the first render puts its
// loading shape up, and React keeps a fallback it has shown for at least 300 ms before the
// screen replaces it: a screen whose code is already on its way need not pay that.
import type { ComponentType } from 'react';
import { lazyWithPreload, type PreloadableComponent } from 'react-lazy-with-preload';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each screen keeps its own props' type
type AnyComponent = ComponentType<any>;

/** The component `name` of the module `load` brings, loaded when first rendered or preloaded. */
export function preloadable<
  TModule extends Record<TName, AnyComponent>,
  TName extends keyof TModule,
>(load: () => Promise<TModule>, name: TName): PreloadableComponent<TModule[TName]> {
  return lazyWithPreload(() => load().then((module) => ({ default: module[name] })));
}
