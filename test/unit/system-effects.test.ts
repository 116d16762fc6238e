// The app carries out what the root of the system emits, and nothing else: a step that shows a
// toast as it starts (Tell Us More's 'Loading questions') asks the root, which emits it, so the
// toast is heard though the step's parent has not published a snapshot yet; a step's own
// emission (run without the protocol) never reaches the app.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, emit, setup } from 'xstate';
import { toastAtRoot } from '../../machines/shared/root';
import type { ToastEffect, ToastParams } from '../../machines/shared/effects';
import { carryOutRootEffects } from '../../src/app/system-sync';
import * as toast from '../../src/lib/toast';
import { standInRoot } from '../support/root-stand-in';

const LOADING: ToastParams = { message: 'Loading questions', variant: 'loading' };

const step = setup({
  types: { emitted: {} as ToastEffect },
  actions: { showToast: toastAtRoot(), emitOwnToast: emit({ type: 'toast', ...LOADING }) },
}).createMachine({
  entry: [{ type: 'showToast', params: LOADING }, 'emitOwnToast'],
  initial: 'loading',
  states: { loading: {} },
});

const flow = setup({ actors: { step } }).createMachine({
  initial: 'waiting',
  states: {
    waiting: { on: { go: 'running' } },
    running: { invoke: { id: 'step', src: 'step' } },
  },
});

function startRoot() {
  return createActor(standInRoot({ id: 'flow', logic: flow }), { systemId: 'session' });
}

describe('the effects of the actor system', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('carries out the toast a child asks the root for in its very first step, once', () => {
    const shown = vi.spyOn(toast, 'showToast').mockImplementation(() => undefined);
    const root = startRoot();
    const detach = carryOutRootEffects(root);
    root.start();
    root.getSnapshot().children.flow!.send({ type: 'go' });
    expect(shown.mock.calls.map(([effect]) => effect.message)).toEqual(['Loading questions']);
    detach();
  });

  it('stops carrying out effects once detached', () => {
    const shown = vi.spyOn(toast, 'showToast').mockImplementation(() => undefined);
    const root = startRoot();
    carryOutRootEffects(root)();
    root.start();
    root.getSnapshot().children.flow!.send({ type: 'go' });
    expect(shown).not.toHaveBeenCalled();
  });
});
