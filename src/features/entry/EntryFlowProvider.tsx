// Runs the entry flow for a signed-out visitor and carries out what it asks for: navigation,
// toasts, keeping the invite code, and handing a signed-in player to the session.
import { createContext, useContext, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import type { ActorOptions, ActorRefFrom, SnapshotFrom } from 'xstate';
import type { LoginResponse } from '../../../contract/api';
import { createEntryFlowActors } from '../../../machines/entry-flow/entry-flow.actors';
import {
  entryFlowMachine,
  type EntryFlowEmitted,
  type EntryFlowEvent,
} from '../../../machines/entry-flow/entry-flow.machine';
import { api } from '../../lib/api';
import { readString, STORAGE_KEYS, writeString } from '../../lib/storage';
import { carryOutEffect } from '../../lib/effects';
import { isDesktopDevice } from './device';

export const connectedEntryFlowMachine = entryFlowMachine.provide({
  actors: createEntryFlowActors(api),
});

type EntryFlowActorRef = ActorRefFrom<typeof entryFlowMachine>;
type EntryFlowSnapshot = SnapshotFrom<typeof entryFlowMachine>;

const EntryFlowContext = createContext<EntryFlowActorRef | null>(null);

function useEntryFlowActor(): EntryFlowActorRef {
  const actor = useContext(EntryFlowContext);
  if (!actor) throw new Error('Entry pages render inside <EntryFlowProvider>.');
  return actor;
}

/** A narrow read of the entry flow (use the selectors of entry-flow.selectors.ts). */
export function useEntryFlowSelector<T>(selector: (snapshot: EntryFlowSnapshot) => T): T {
  return useSelector(useEntryFlowActor(), selector);
}

/** Sends an event to the entry flow. */
export function useEntryFlowSend(): (event: EntryFlowEvent) => void {
  return useEntryFlowActor().send;
}

export type EntryFlowProviderProps = {
  children: ReactNode;
  /** From the session (user-storage). */
  hasAcceptedTerms: boolean;
  onTermsAccepted: () => void;
  /** Called before the flow navigates to /home. */
  onSignedIn: (login: LoginResponse) => void;
  /** Tests pass `entryFlowMachine.provide({ actors: fakes })`. */
  logic?: typeof entryFlowMachine;
  /** Tests drive the named delays with a SimulatedClock; the live inspector attaches here. */
  options?: Pick<ActorOptions<typeof entryFlowMachine>, 'clock' | 'inspect'>;
};

export function EntryFlowProvider({
  children,
  hasAcceptedTerms,
  onTermsAccepted,
  onSignedIn,
  logic = connectedEntryFlowMachine,
  options,
}: EntryFlowProviderProps): React.JSX.Element {
  const [, navigate] = useLocation();
  // The machine's input is read once: the flow keeps its own copy from then on.
  const [input] = useState(() => ({
    hasAcceptedTerms,
    isDesktop: isDesktopDevice(),
    storedInviteCode: readString(STORAGE_KEYS.inviteCode),
  }));
  const [actorOptions] = useState(() => {
    const clock = options?.clock;
    return {
      input,
      ...(clock ? { clock } : {}),
      ...(options?.inspect ? { inspect: options.inspect } : {}),
    };
  });
  const actor = useActorRef(logic, actorOptions);

  const handlers = useRef({ navigate, onTermsAccepted, onSignedIn });
  useLayoutEffect(() => {
    handlers.current = { navigate, onTermsAccepted, onSignedIn };
  });

  // A layout effect subscribes before any page's effect sends `route.opened` and before the
  // actor starts, so no effect the first events cause is missed.
  useLayoutEffect(() => {
    const subscription = actor.on('*', (effect: EntryFlowEmitted) => {
      switch (effect.type) {
        case 'navigate':
        case 'toast':
        case 'dismissToast':
          carryOutEffect(effect, handlers.current.navigate);
          break;
        case 'termsAccepted':
          handlers.current.onTermsAccepted();
          break;
        case 'inviteCodeReceived':
          writeString(STORAGE_KEYS.inviteCode, effect.inviteCode);
          break;
        case 'signedIn':
          handlers.current.onSignedIn(effect.login);
          break;
      }
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  return <EntryFlowContext value={actor}>{children}</EntryFlowContext>;
}
