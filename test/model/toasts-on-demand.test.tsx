// The toast container (notistack) is not part of the first screen: it loads with the first toast.
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showToast, toastsWanted } from '../../src/lib/toast';
import { renderApp, settle, storeSignedInSession } from './helpers/app-harness';

describe('toasts', () => {
  it('load nothing while no toast is asked for, then show the first one asked for', async () => {
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
