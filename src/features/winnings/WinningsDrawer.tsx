// /winnings: the drawer of what the player has won (spec section 2). The drawer machine says
// where the panel is (waiting above the screen, sliding down, down, sliding away) and what is
// on it; this view draws that and passes the player's gestures and taps on. The finger's pull
// is the only thing the view keeps: the machine decides, on release, whether it closes. Its
// parts: the list (WinningsList.tsx), the coupons (Coupons.tsx), the answers to Contact Us
// (ContactThreads.tsx) and the account questions (AccountActions.tsx). In a demo (DEMO_MODE)
// 'Reset demo' closes the footer: asked once more, then the session wipes the demo.
import { useDrag } from '@use-gesture/react';
import { useSelector } from '@xstate/react';
import { memo, Suspense, useState } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import {
  DRAWER_ANIMATION_MS,
  type WinningsDrawerMachine,
} from '../../../machines/winnings/winnings-drawer.machine';
import {
  selectDemoFeature,
  selectIsResettingDemo,
} from '../../../machines/session/session.selectors';
import { SessionContext } from '../../lib/session-context';
import { preloadable } from '../../lib/preloadable';
import {
  selectDrawerPrizeClaim,
  selectModal,
  selectOpenThread,
  selectPanel,
} from '../../../machines/winnings/winnings.selectors';
import { useWinningsStep } from './winnings-step';
import { AccountQuestion, DemoResetQuestion } from './AccountActions';
import { ThreadModal, Threads } from './ContactThreads';
import { CouponModal } from './Coupons';
import { ChatIcon, ChevronIcon, CloseIcon } from './icons';
import { usePrizeClaimLeave, type PrizeClaimActor } from './prize-claim-leave';
import { WinningsDialog } from './WinningsDialog';
import { WinningsList } from './WinningsList';
import './winnings.css';

type DrawerActor = ActorRefFrom<WinningsDrawerMachine>;

// The claim's screens and their form come with a claim, not with the drawer: most visits to
// the drawer open no claim, and its first paint waits for no form code.
const PrizeClaimView = preloadable(() => import('./PrizeClaim'), 'PrizeClaimView');

/** The claim's shape while its code arrives: a heading and its two choices. */
function ClaimLoading() {
  return (
    <div className="winnings__skeleton winnings__claim-loading" aria-busy="true">
      <span className="unseen">Loading your claim…</span>
      <span className="skeleton winnings__bone winnings__bone--heading" aria-hidden="true" />
      <span className="skeleton winnings__bone" aria-hidden="true" />
      <span className="skeleton winnings__bone" aria-hidden="true" />
    </div>
  );
}

/**
 * A prize's or a bonus's claim over the drawer. Escape does what the claim's own way out does:
 * 'Not now' (or 'Done' once claimed) closes it, Back returns from the details to the methods;
 * nothing while the claim is on its way.
 */
function PrizeClaimDialog({ claim, label }: { claim: PrizeClaimActor; label: string }) {
  const leave = usePrizeClaimLeave(claim);
  return (
    <WinningsDialog label={label} onCancel={leave} variant="sheet">
      <Suspense fallback={<ClaimLoading />}>
        <PrizeClaimView actor={claim} variant="modal" />
      </Suspense>
    </WinningsDialog>
  );
}

/** The one dialog over the drawer, if any: each is a modal of its own (Dialog.tsx). */
function Modal({ actor }: { actor: DrawerActor }) {
  const modal = useSelector(actor, selectModal);
  const prizeClaim = useSelector(actor, selectDrawerPrizeClaim);
  const thread = useSelector(actor, selectOpenThread);
  if (modal === null) return null;
  if (modal === 'prize' && prizeClaim)
    return <PrizeClaimDialog claim={prizeClaim} label="Grand prize" />;
  if (modal === 'bonus' && prizeClaim)
    return <PrizeClaimDialog claim={prizeClaim} label="Referral bonus" />;
  if (modal === 'thread' && thread) return <ThreadModal actor={actor} thread={thread} />;
  if (modal === 'coupon' || modal === 'couponClaiming' || modal === 'couponClaimed')
    return <CouponModal actor={actor} />;
  // Logout's question and the deletion's, asked or being carried out.
  return <AccountQuestion drawer={actor} />;
}

/** DEMO_MODE: 'Reset demo' closes the drawer's footer. */
function DemoResetButton({ onTap }: { onTap: () => void }) {
  const demo = SessionContext.useSelector(selectDemoFeature);
  if (!demo) return null;
  return (
    <button type="button" className="secondary-button winnings__danger" onClick={onTap}>
      Reset demo
    </button>
  );
}

/** 'Reset demo' tapped: asked once more, then the session resets while the question stays. */
function DemoResetModal({ asking, onCancel }: { asking: boolean; onCancel: () => void }) {
  const resetting = SessionContext.useSelector(selectIsResettingDemo);
  const session = SessionContext.useActorRef();
  if (!asking && !resetting) return null;
  return (
    <DemoResetQuestion
      resetting={resetting}
      onConfirm={() => session.send({ type: 'session.resetDemo' })}
      onCancel={onCancel}
    />
  );
}

/**
 * What the drawer lists, then help and the account. Rendered again only when what it shows
 * changes: not on each pixel of a pull, nor as the panel slides.
 */
const DrawerBody = memo(function DrawerBody({
  actor,
  onAskDemoReset,
}: {
  actor: DrawerActor;
  onAskDemoReset: (asking: boolean) => void;
}) {
  return (
    <div className="winnings__body">
      <WinningsList actor={actor} />
      <nav className="winnings__footer" aria-label="Help and account">
        <button
          type="button"
          className="winnings__row"
          onClick={() => actor.send({ type: 'drawer.contactUs' })}
        >
          <span className="winnings__thumb">
            <ChatIcon />
          </span>
          <span className="winnings__row-title">Contact Us</span>
          <ChevronIcon />
        </button>
        <Threads actor={actor} />
        <div className="winnings__links">
          <Link href="/terms-and-conditions">Terms and Conditions</Link>
          <Link href="/privacy-policy">Privacy Policy</Link>
          <Link href="/rules">Official Rules</Link>
        </div>
        <button
          type="button"
          className="secondary-button"
          onClick={() => actor.send({ type: 'drawer.askLogout' })}
        >
          Logout
        </button>
        <DemoResetButton onTap={() => onAskDemoReset(true)} />
      </nav>
    </div>
  );
});

export function WinningsDrawer({ actor }: { actor: DrawerActor }) {
  const panel = useSelector(actor, selectPanel);
  const [pull, setPull] = useState(0);
  const [askingDemoReset, setAskingDemoReset] = useState(false);
  const bind = useDrag(
    // The finger's whole travel: `movement` leaves out the few pixels that tell a drag from a
    // tap, and the machine's threshold (a sixth of the screen) is measured on the finger.
    ({ active, last, xy: [, y], initial: [, startY] }) => {
      const down = Math.max(0, y - startY);
      setPull(active ? down : 0);
      if (last) {
        actor.send({ type: 'drawer.swipeEnded', distance: down, screenHeight: window.innerHeight });
      }
    },
    { axis: 'y', filterTaps: true, enabled: panel === 'open', pointer: { keys: false } },
  );
  const dragging = pull > 0;
  return (
    <main className={`winnings winnings--${panel}`} aria-label="Winnings">
      <div
        className="winnings__panel"
        data-testid="winnings-drawer"
        data-panel={panel}
        style={{
          // The machine's slide (the spec's 500 ms), and the sheet under the finger.
          ['--drawer-ms' as string]: `${DRAWER_ANIMATION_MS}ms`,
          ...(dragging ? { transform: `translateY(${pull}px)`, transition: 'none' } : {}),
        }}
      >
        <div className="winnings__grip" {...bind()} data-testid="winnings-grip">
          <span className="winnings__handle" aria-hidden="true" />
          <h1 className="winnings__tab">WINNINGS</h1>
          <button
            type="button"
            className="winnings__close"
            aria-label="Close"
            onClick={() => actor.send({ type: 'drawer.close' })}
          >
            <CloseIcon />
          </button>
        </div>
        <DrawerBody actor={actor} onAskDemoReset={setAskingDemoReset} />
      </div>
      <Modal actor={actor} />
      <DemoResetModal asking={askingDemoReset} onCancel={() => setAskingDemoReset(false)} />
    </main>
  );
}

/**
 * Before the winnings flow runs its drawer (a moment, while its code starts): the dimmed
 * screen the drawer comes down over, never a blank one.
 */
function DrawerWaiting() {
  return <main className="winnings winnings--waiting" aria-label="Winnings" aria-busy="true" />;
}

/** /winnings: the drawer, once the winnings flow runs it. */
export function WinningsPage() {
  const drawer = useWinningsStep('winningsDrawer');
  return drawer ? <WinningsDrawer actor={drawer} /> : <DrawerWaiting />;
}
