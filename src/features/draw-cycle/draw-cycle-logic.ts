// The draw cycle connected to the API client and the live channel. Tests give the app one
// with fake calls instead. The live channel's client loads with the first signed-in screen.
import {
  createDrawCycleActors,
  type CableListener,
} from '../../../machines/draw-cycle/draw-cycle.actors';
import { drawCycleMachine } from '../../../machines/draw-cycle/draw-cycle.machine';
import { browserRewardEffects } from '../../../machines/reward-playback/reward-playback.actors';
import { api } from '../../lib/api-on-demand';

const listenToTimerChannel: CableListener = (onRefetch) => {
  let close: (() => void) | null = null;
  let closed = false;
  void import('../../lib/cable').then((cable) => {
    if (!closed) close = cable.listenToTimerChannel(onRefetch);
  });
  return () => {
    closed = true;
    close?.();
  };
};

export const connectedDrawCycleMachine = drawCycleMachine.provide({
  actors: createDrawCycleActors(api, listenToTimerChannel, browserRewardEffects),
});
