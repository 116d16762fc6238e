// The winnings flow's words (machines/winnings/winnings.machine.ts): its addresses, what it
// keeps, what it hears, and the rules for the prize /grandPrize shows, apart from the chart.
import type { GrandPrize } from '../../contract/api';
import type { PaymentMethod } from '../../contract/winnings';
import { PATHS } from '../shared/paths';
import type { ContactDraft, ContactEditedEvent, ContactSentEvent } from './contact-form.machine';
import type { AccountDeletionFailedEvent, DrawerWayOut } from './winnings-drawer.machine';

export const GRAND_PRIZE_PATH = '/grandPrize';
/** The claim page offers these two (spec section 2); a cashier check leaves Virtual Visa. */
export const GRAND_PRIZE_PAGE_METHODS: readonly PaymentMethod[] = ['PayPal', 'Venmo'];
export const TOAST_PRIZES_LOAD_FAILED = 'An error occurred. Please try again later.';
/** The legal texts the drawer links to (spec section 2): WINNINGS hides on them. */
export const LEGAL_PATHS = [PATHS.privacyPolicy, PATHS.terms] as const;

export type WinningsContext = {
  /** The prize waiting for a claim (/grandPrize claims it): the newest one not claimed yet. */
  prizeToClaim: GrandPrize | null;
  /**
   * The prize /grandPrize shows: the one waiting for a claim, or, opened again from its entry
   * (a reload, Back), the one the page showed, claimed or not.
   */
  prizeOnPage: GrandPrize | null;
  /** The prize /grandPrize's entry named when it was opened (its history state), if any. */
  prizeIdOpened: string | null;
  /** What the player typed on Contact Us while it is open (its entry's history state). */
  contactDraft: ContactDraft | null;
  /**
   * The draw whose record /draws/{id} shows while it is open; the draw record machine
   * (draw-record.machine.ts) reads and checks it.
   */
  drawRecordId: number | null;
};

/** The history state of /grandPrize: the prize on the page, read again on a reload. */
export type GrandPrizePageState = { prizeId: string };

/** The prize id a /grandPrize entry's history state names, if it names one. */
export function prizeIdIn(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('prizeId' in state)) return null;
  return typeof state.prizeId === 'string' ? state.prizeId : null;
}

/** The prize the page shows of `prizes`: the one its entry named, else the newest unclaimed. */
export function pagePrizeOf(prizes: GrandPrize[], named: string | null): GrandPrize | null {
  return (
    prizes.find((prize) => named !== null && prize.id === named) ??
    prizes.find((prize) => !prize.claimed) ??
    null
  );
}

/** From the draw: the player's grand prizes, newest first, each time it loads them. */
export type GrandPrizesLoadedEvent = { type: 'grandPrizes.loaded'; prizes: GrandPrize[] };
/** From the drawer: a grand prize was claimed there. */
export type GrandPrizeClaimedEvent = { type: 'grandPrize.claimed'; prizeId: string };

export type WinningsEvent =
  /** The player opened an address (the session passes on every opening while signed in). */
  | { type: 'route.opened'; path: string; navigationState?: unknown }
  | { type: 'grandPrize.retry' }
  | GrandPrizesLoadedEvent
  | GrandPrizeClaimedEvent
  /** From the session: the drawer that asked for the deletion hears it failed. */
  | AccountDeletionFailedEvent
  /** From the drawer: it has closed (/home next), or the player asked for help. */
  | DrawerWayOut
  /** From Contact Us: what the player has typed so far; the message stored. */
  | ContactEditedEvent
  | ContactSentEvent;
