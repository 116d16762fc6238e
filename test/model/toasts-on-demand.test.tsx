// The toast container (notistack) is not part of the first screen: it loads with the first toast.
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('toasts', () => {
  it('load nothing while no toast is asked for, then show the first one asked for', async () => {
    // The app as a page starts it: a module graph of its own, where no earlier test file (they
    // share the worker's modules) has asked for a toast.
    vi.resetModules();
    const { showToast, toastsWanted } = await import('../../src/lib/toast');
    const { renderApp, settle, storeSignedInSession } = await import('./helpers/app-harness');
    storeSignedInSession();
    renderApp({ path: '/home' });
    expect(await screen.findByRole('button', { name: /Enter To Win/ })).toBeDefined();
    await settle();
    expect(toastsWanted()).toBe(false);

    act(() => showToast({ message: 'Saved.', variant: 'success' }));
    expect(toastsWanted()).toBe(true);
    expect(await screen.findByText('Saved.')).toBeDefined();
  });
});
