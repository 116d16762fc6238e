// Shared set-up of the generated path tests: a phone-sized touch device in jsdom, a clean page
// and clean device storage for every test.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { cacheComputedStyles, trimBrowserDefaults } from './helpers/computed-style-cache';
import { resetDevice } from './helpers/device';

// React's act() warnings and state updates outside act rely on this flag in test environments.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom's computed styles, each kept while nothing it depends on changes (see the helper). The
// setup file runs once per file in a shared worker: installed once.
const page = window as typeof window & { computedStylesCached?: true };
if (!page.computedStylesCached) {
  trimBrowserDefaults();
  cacheComputedStyles(page);
  page.computedStylesCached = true;
}

beforeEach(() => {
  resetDevice();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
