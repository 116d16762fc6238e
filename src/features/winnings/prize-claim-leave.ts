// The claim's way out, as the dialog over the drawer needs it before the claim's own screens
// (PrizeClaim.tsx, with its form) have loaded.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { PrizeClaimMachine } from '../../../machines/winnings/prize-claim.machine';
import {
  selectCanGoBack,
  selectPrizeClaimScreen,
} from '../../../machines/winnings/prize-claim.selectors';

export type PrizeClaimActor = ActorRefFrom<PrizeClaimMachine>;

/**
 * What leaves the claim from where it is, as its own button does (Escape over the drawer):
 * 'Not now' or 'Done' closes it, Back returns from the details to the methods; nothing while
 * the claim is on its way.
 */
export function usePrizeClaimLeave(actor: PrizeClaimActor): (() => void) | undefined {
  const screen = useSelector(actor, selectPrizeClaimScreen);
  const canGoBack = useSelector(actor, selectCanGoBack);
  if (screen === null) return undefined;
  if (screen === 'entering')
    return canGoBack ? () => actor.send({ type: 'claim.back' }) : undefined;
  return () => actor.send({ type: 'claim.close' });
}
