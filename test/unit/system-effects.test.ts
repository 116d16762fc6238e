// The app carries out what every actor of the system emits, from the actor's first step on: a
// step that shows a toast as it starts (Tell Us More's 'Loading questions') is heard, though
// its parent's snapshot has not been published yet when it emits.
import { describe, expect, it } from 'vitest';
import { createActor, emit, setup } from 'xstate';
import { carryOutEffects } from '../../src/app/system-sync';
import type { AppEffect } from '../../machines/shared/effects';

const step = setup({ types: { emitted: {} as AppEffect } }).createMachine({
  entry: emit({ type: 'navigate', to: '/questionnaire' } as const),
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

describe('the effects of the actor system', () => {
  it('carries out what a child emits in its very first step', () => {
    const root = createActor(flow, { systemId: 'session' });
    const moves: string[] = [];
    const detach = carryOutEffects(root, () => (to) => void moves.push(to));
    root.start();
    root.send({ type: 'go' });
    expect(moves).toEqual(['/questionnaire']);
    detach();
  });

  it('stops carrying out effects once detached', () => {
    const root = createActor(flow, { systemId: 'session' });
    const moves: string[] = [];
    carryOutEffects(root, () => (to) => void moves.push(to))();
    root.start();
    root.send({ type: 'go' });
    expect(moves).toEqual([]);
  });
});
