// The draw cycle connected to the API client and the live channel. Tests give the app one
// with fake calls instead.
import { createDrawCycleActors } from '../../../machines/draw-cycle/draw-cycle.actors';
import { drawCycleMachine } from '../../../machines/draw-cycle/draw-cycle.machine';
import { api } from '../../lib/api';
import { listenToTimerChannel } from '../../lib/cable';

export const connectedDrawCycleMachine = drawCycleMachine.provide({
  actors: createDrawCycleActors(
    {
      enterDraw: api.enterDraw,
      timer: api.timer,
      rewards: api.rewards,
      grandPrizes: api.grandPrizes,
    },
    (onRefetch) => listenToTimerChannel(onRefetch),
  ),
});
