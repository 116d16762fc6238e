// Runs the draw cycle while a player is signed in and carries out what it asks for:
// navigation, toasts, keeping `draw-storage`, and telling the session that the grand prize has
// been shown. It forwards what the draw needs from outside: the session's flags, and the
// window coming back into view (the timer is refetched then).
import { useActorRef } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { ActorOptions } from 'xstate';
import {
  type DrawCycleEmitted,
  type DrawCycleMachine,
} from '../../../machines/draw-cycle/draw-cycle.machine';
import { persistDraw, readStoredDraw } from '../../../machines/draw-cycle/draw-cycle.persistence';
import { browserStorage } from '../../../machines/session/session.persistence';
import {
  selectGrandPrizeHasBeenShown,
  selectIsFirstQuestionnaire,
  selectIsFirstTimeUser,
} from '../../../machines/session/session.selectors';
import { SessionContext } from '../../app/session-context';
import { carryOutEffect } from '../../lib/effects';
import { connectedDrawCycleMachine } from './draw-cycle-logic';
import { DrawCycleActorContext } from './draw-status';

export type DrawCycleProviderProps = {
  children: ReactNode;
  /** Tests pass `drawCycleMachine.provide({ actors: fakes })`. */
  logic?: DrawCycleMachine;
  /** Tests move the countdown and the named delays with a SimulatedClock; inspectors attach. */
  options?: Pick<ActorOptions<DrawCycleMachine>, 'clock' | 'inspect'>;
};

export function DrawCycleProvider({
  children,
  logic = connectedDrawCycleMachine,
  options,
}: DrawCycleProviderProps) {
  const [, navigate] = useLocation();
  const sessionActor = SessionContext.useActorRef();
  const isFirstTimeUser = SessionContext.useSelector(selectIsFirstTimeUser);
  const isFirstQuestionnaire = SessionContext.useSelector(selectIsFirstQuestionnaire);
  const grandPrizeHasBeenShown = SessionContext.useSelector(selectGrandPrizeHasBeenShown);

  // Input and options are read once: the draw keeps its own copy from then on.
  const [actorOptions] = useState(() => ({
    input: {
      stored: readStoredDraw(browserStorage()),
      session: { isFirstTimeUser, isFirstQuestionnaire, grandPrizeHasBeenShown },
    },
    ...(options?.clock ? { clock: options.clock } : {}),
    ...(options?.inspect ? { inspect: options.inspect } : {}),
  }));
  const actor = useActorRef(logic, actorOptions);

  const handlers = useRef({ navigate });
  useLayoutEffect(() => {
    handlers.current = { navigate };
  });

  // Subscribed before the actor starts, so no effect of its first steps is missed.
  useLayoutEffect(() => {
    const subscription = actor.on('*', (effect: DrawCycleEmitted) => {
      if (effect.type === 'grandPrizeShown') sessionActor.send({ type: 'session.grandPrizeShown' });
      else carryOutEffect(effect, handlers.current.navigate);
    });
    return () => subscription.unsubscribe();
  }, [actor, sessionActor]);

  useEffect(() => persistDraw(actor, browserStorage()), [actor]);

  useEffect(() => {
    actor.send({
      type: 'session.updated',
      session: { isFirstTimeUser, isFirstQuestionnaire, grandPrizeHasBeenShown },
    });
  }, [actor, isFirstTimeUser, isFirstQuestionnaire, grandPrizeHasBeenShown]);

  useEffect(() => {
    const focused = () => actor.send({ type: 'window.focused' });
    const visible = () => {
      if (document.visibilityState === 'visible') focused();
    };
    window.addEventListener('focus', focused);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('focus', focused);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [actor]);

  return <DrawCycleActorContext value={actor}>{children}</DrawCycleActorContext>;
}
