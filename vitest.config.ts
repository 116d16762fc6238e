import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/machines/**/*.test.ts', 'test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'model',
          include: ['test/model/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/model/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts', 'test/ops/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/template-setup.ts', 'test/support/client-setup.ts'],
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
          globalSetup: ['test/support/template-setup.ts'],
          testTimeout: 240_000,
          hookTimeout: 240_000,
          // Files run side by side (each has a server and a browser of its own): most of a
          // browser test is waiting on the app's own timers.
        },
      },
    ],
  },
});
