// Shared set-up of the generated path tests: a phone-sized touch device in happy-dom, a clean
// page and clean device storage for every test.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetDevice } from './helpers/device';

// React's act() warnings and state updates outside act rely on this flag in test environments.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// No server answers these tests: their flows take fake calls. What the app still sends on its own
// (its analytics batches) fails as with no network, without a connection tried.
window.fetch = () =>
  Promise.reject(new TypeError('Failed to fetch: the model tests have no network'));

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
