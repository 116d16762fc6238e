import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The unit, model and API files share their worker's modules (`isolate: false`): each file
// imports the app or the server afresh otherwise, a third of the run's CPU. Every file sets up
// what it uses (its own database, app, actors and device storage) and leaves nothing behind.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/machines/**/*.test.ts', 'test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'model',
          include: ['test/model/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['test/model/setup.ts'],
          isolate: false,
          // A hang guard, not a budget: a walk's first screens transform their modules as they
          // load, seconds on a two-core machine running every lane of `npm test` at once.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts', 'test/ops/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          globalSetup: [
            'test/support/template-setup.ts',
            'test/support/client-setup.ts',
            'test/support/server-setup.ts',
          ],
          // A hang guard, not a budget: the operator tests start processes of their own, a few
          // seconds apiece on a busy two-core machine.
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          // A worker's files share its modules too (Playwright, the harness): imported once per
          // worker (about 6 s in all) instead of once per file (about 26 s).
          isolate: false,
          globalSetup: ['test/support/template-setup.ts', 'test/support/server-setup.ts'],
          testTimeout: 240_000,
          hookTimeout: 240_000,
          // Files run side by side (each has a server and a browser of its own): most of a
          // browser test is waiting on the app's own timers.
        },
      },
    ],
  },
});
