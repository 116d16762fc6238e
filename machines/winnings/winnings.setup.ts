// The winnings flow's setup (machines/winnings/winnings.machine.ts is its chart): the child
// machines its pages invoke, what it reports to the root, and the guards and actions the chart
// names.
import { assign, enqueueActions, sendTo, setup, type AnyActorRef } from 'xstate';
import type { GrandPrize } from '../../contract/api';
import type { ToastEffect } from '../shared/effects';
import { drawIdInPath } from '../shared/paths';
import { reportToRoot, ROOT_ID, toastAtRoot } from '../shared/root';
import { contactFormMachine, type ContactDraft } from './contact-form.machine';
import { drawRecordMachine } from './draw-record.machine';
import { prizeClaimMachine } from './prize-claim.machine';
import { winningsDrawerMachine, type AccountDeletionFailedEvent } from './winnings-drawer.machine';
import { disconnectedWinningsActors } from './winnings.actors';
import {
  LEGAL_PATHS,
  pagePrizeOf,
  prizeIdIn,
  type GrandPrizePageState,
  type WinningsContext,
  type WinningsEvent,
} from './winnings.types';

export const winningsSetup = setup({
  types: {
    context: {} as WinningsContext,
    events: {} as WinningsEvent,
    emitted: {} as ToastEffect,
    children: {} as {
      winningsDrawer: 'winningsDrawer';
      prizeClaim: 'prizeClaim';
      contactForm: 'contactForm';
      loadGrandPrizes: 'loadGrandPrizes';
      drawRecord: 'drawRecord';
    },
  },
  actors: {
    ...disconnectedWinningsActors,
    winningsDrawer: winningsDrawerMachine,
    prizeClaim: prizeClaimMachine,
    contactForm: contactFormMachine,
    drawRecord: drawRecordMachine,
    reportToRoot: reportToRoot<{ context: WinningsContext }>({
      // Each is kept only while its page is open.
      historyState: ({ context }): GrandPrizePageState | ContactDraft | undefined =>
        context.prizeOnPage
          ? { prizeId: context.prizeOnPage.id }
          : (context.contactDraft ?? undefined),
    }),
  },
  guards: {
    isRoute: ({ event }, params: { path: string }) =>
      event.type === 'route.opened' && event.path === params.path,
    isDrawRecordRoute: ({ event }) =>
      event.type === 'route.opened' && drawIdInPath(event.path) !== null,
    isLegalRoute: ({ event }) =>
      event.type === 'route.opened' && (LEGAL_PATHS as readonly string[]).includes(event.path),
    hasPrizeForPage: ({ context }, prizes: GrandPrize[]) =>
      pagePrizeOf(prizes, context.prizeIdOpened) !== null,
    wasSent: (_, output: { sent: boolean }) => output.sent,
    hasNewPrizeToClaim: ({ event }) =>
      event.type === 'grandPrizes.loaded' && event.prizes.some((prize) => !prize.claimed),
  },
  actions: {
    showToast: toastAtRoot(),
    tellDrawerDeletionFailed: sendTo('winningsDrawer', {
      type: 'account.deletionFailed',
    } satisfies AccountDeletionFailedEvent),
    // The draw shows /home too (it is the draw's screen): told through the session. A flow run
    // without the session (a test) has no draw to tell.
    tellSessionHomeShown: enqueueActions(({ enqueue, system, self }) => {
      const session = system.get(ROOT_ID) as AnyActorRef | undefined;
      if (session && session !== self) enqueue.sendTo(session, { type: 'session.homeShown' });
    }),
    // Prizes come newest first: the newest one not claimed yet.
    choosePrize: assign((_, prizes: GrandPrize[]) => ({
      prizeToClaim: prizes.find((prize) => !prize.claimed) ?? null,
    })),
    choosePagePrize: assign(({ context }, prizes: GrandPrize[]) => ({
      prizeToClaim: prizes.find((prize) => !prize.claimed) ?? null,
      prizeOnPage: pagePrizeOf(prizes, context.prizeIdOpened),
    })),
    leaveGrandPrizePage: assign({ prizeOnPage: null, prizeIdOpened: null }),
    openGrandPrizePage: assign(({ event }) => ({
      prizeIdOpened: event.type === 'route.opened' ? prizeIdIn(event.navigationState) : null,
      prizeOnPage: null,
    })),
    keepContactDraft: assign((_, draft: ContactDraft | null) => ({ contactDraft: draft })),
    openDrawRecord: assign(({ event }) => ({
      drawRecordId: event.type === 'route.opened' ? drawIdInPath(event.path) : null,
    })),
    leaveDrawRecord: assign({ drawRecordId: null }),
    // Claimed (here or in the drawer): nothing waits any more, until the draw finds another.
    forgetClaimedPrize: assign(({ context }, params: { prizeId: string; claimed: boolean }) =>
      params.claimed && context.prizeToClaim?.id === params.prizeId ? { prizeToClaim: null } : {},
    ),
  },
});
