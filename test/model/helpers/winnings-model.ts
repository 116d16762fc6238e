// The winnings flow's model, as its model test walks it (test/model/winnings.model.test.tsx): the
// prizes and messages the walks use, the addresses opened, the events a walk takes (the player's,
// the server's, the steps' ends), the flow with calls that never answer (each path's events say
// how they end), a snapshot's key and each event as a path says it.
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { GrandPrize } from '../../../contract/api';
import { drawRecordPath } from '../../../machines/shared/paths';
import type { ContactFormOutput } from '../../../machines/winnings/contact-form.machine';
import type { PrizeClaimOutput } from '../../../machines/winnings/prize-claim.machine';
import { routeOf } from '../../../machines/shared/routes';
import { connectWinnings } from '../../../src/features/winnings/winnings-logic';
import { ApiFailure } from '../../../src/lib/api';
import { grandPrizeOf, UNANSWERED_WINNINGS_API } from './winnings-fake-api';

// Newest first, as the server lists them: the page claims the newest one not claimed yet.
export const NEWEST_CLAIMED = grandPrizeOf('p-3', 750, true);
export const NEWER_UNCLAIMED = grandPrizeOf('p-2', 500);
export const OLDEST_UNCLAIMED = grandPrizeOf('p-1', 250);
export const PRIZES = [NEWEST_CLAIMED, NEWER_UNCLAIMED, OLDEST_UNCLAIMED];
export const ALL_CLAIMED = [NEWEST_CLAIMED];
export const PRIZE_FAILURE = new ApiFailure(503, null);

export const PAYPAL_EMAIL = 'jane@example.com';
export const CLAIMED_MESSAGE = `Your $500 prize will be sent to ${PAYPAL_EMAIL} by PayPal.`;
export const SUBJECT = 'My coupon';
export const MESSAGE = 'The code did not work at checkout.';

/**
 * The addresses a walk opens: the flow's pages (two draws' records), and one that is none of
 * them.
 */
export const PATHS = [
  '/winnings',
  '/grandPrize',
  '/form/has-problem',
  '/privacy-policy',
  '/terms-and-conditions',
  '/home',
  '/draws/7',
  '/draws/8',
] as const;
export type Path = (typeof PATHS)[number];

export type FlowEvent =
  | { type: 'route.opened'; path: Path }
  | { type: 'grandPrize.retry' }
  | { type: 'account.deletionFailed' }
  | { type: 'grandPrizes.loaded'; prizes: GrandPrize[] }
  | { type: 'grandPrize.claimed'; prizeId: string }
  | { type: 'xstate.done.actor.loadGrandPrizes'; output: GrandPrize[] }
  | { type: 'xstate.error.actor.loadGrandPrizes'; error: unknown }
  | { type: 'xstate.done.actor.prizeClaim'; output: PrizeClaimOutput }
  | { type: 'xstate.done.actor.contactForm'; output: ContactFormOutput }
  | { type: 'drawer.closed' }
  | { type: 'drawer.contactUs' };

// The model's calls never answer: each path's events say how they end.
export const logic = connectWinnings(UNANSWERED_WINNINGS_API);
export type FlowSnapshot = SnapshotFrom<typeof logic>;
export type FlowActor = ActorRefFrom<typeof logic>;

export const CANDIDATES: FlowEvent[] = [
  ...PATHS.map((path) => ({ type: 'route.opened' as const, path })),
  { type: 'grandPrize.retry' },
  // The session could not delete the account the drawer asked it to delete.
  { type: 'account.deletionFailed' },
  // The draw found the player's prizes (at sign-in, when a draw closes); the drawer claimed one.
  { type: 'grandPrizes.loaded', prizes: PRIZES },
  { type: 'grandPrizes.loaded', prizes: ALL_CLAIMED },
  { type: 'grandPrize.claimed', prizeId: NEWER_UNCLAIMED.id },
  { type: 'xstate.done.actor.loadGrandPrizes', output: PRIZES },
  { type: 'xstate.done.actor.loadGrandPrizes', output: ALL_CLAIMED },
  { type: 'xstate.error.actor.loadGrandPrizes', error: PRIZE_FAILURE },
  // The drawer's ways out: it closes (/home next), or the player asks for help.
  { type: 'drawer.closed' },
  { type: 'drawer.contactUs' },
];

/**
 * What the player (and the server) can do next. Opening the address on screen again is no
 * opening (the router stays put): another screen is /home here.
 */
export function events(snapshot: FlowSnapshot): FlowEvent[] {
  const drawId = snapshot.context.drawRecordId;
  const here = drawId !== null ? drawRecordPath(drawId) : (routeOf(snapshot) ?? '/home');
  const candidates = CANDIDATES.filter(
    (event) => event.type !== 'route.opened' || event.path !== here,
  );
  const prize = snapshot.context.prizeToClaim;
  if (prize) {
    candidates.push({
      type: 'xstate.done.actor.prizeClaim',
      output: { kind: 'grandPrize', claimed: true, prizeId: prize.id, paymentMethod: 'PayPal' },
    });
  }
  candidates.push(
    { type: 'xstate.done.actor.contactForm', output: { sent: true } },
    { type: 'xstate.done.actor.contactForm', output: { sent: false } },
  );
  return candidates;
}

export const serialize = (snapshot: FlowSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    prizeToClaim: snapshot.context.prizeToClaim?.id,
    draw: snapshot.context.drawRecordId ?? undefined,
  });

export function describeEvent(event: FlowEvent): string {
  switch (event.type) {
    case 'route.opened':
      return `opens ${event.path}`;
    case 'grandPrize.retry':
      return "taps 'Try again'";
    case 'account.deletionFailed':
      return 'a deletion fails';
    case 'grandPrizes.loaded':
      return event.prizes.some((prize) => !prize.claimed)
        ? 'a draw closes with a win'
        : 'the draw finds every prize claimed';
    case 'grandPrize.claimed':
      return 'the drawer claims it';
    case 'xstate.done.actor.loadGrandPrizes':
      return event.output.some((prize) => !prize.claimed)
        ? 'a prize waits for its claim'
        : 'every prize is claimed';
    case 'xstate.error.actor.loadGrandPrizes':
      return 'the prizes fail to load';
    case 'xstate.done.actor.prizeClaim':
      return 'claims it with PayPal, Done';
    case 'xstate.done.actor.contactForm':
      return event.output.sent ? 'sends a message' : "taps 'Back'";
    case 'drawer.closed':
      return 'closes the drawer';
    case 'drawer.contactUs':
      return "taps the drawer's 'Contact Us'";
  }
}
