import { InstructionSlides } from '../../components/InstructionSlides';
import {
  selectCanGoBackASlide,
  selectIsShowingInstructions,
  selectSlideIndex,
} from '../../../machines/wallet/wallet.selectors';
import { useWalletSelector, useWalletSend } from './WalletProvider';
import { WALLET_SLIDES } from './slides';
import './wallet.css';

/** /wallet: the wallet's instruction slides; an upward swipe leaves for the tickets. */
export function WalletPage() {
  const send = useWalletSend();
  const isShowing = useWalletSelector(selectIsShowingInstructions);
  const index = useWalletSelector(selectSlideIndex);
  const canGoBack = useWalletSelector(selectCanGoBackASlide);
  if (!isShowing) return <main className="screen wallet" aria-busy="true" aria-label="Wallet" />;
  return (
    <main className="screen wallet wallet--slides">
      <InstructionSlides
        label="About your wallet"
        slides={WALLET_SLIDES}
        index={index}
        onNext={() => send({ type: 'slides.next' })}
        {...(canGoBack ? { onPrevious: () => send({ type: 'slides.previous' }) } : {})}
        onSwipeUp={() => send({ type: 'slides.swipeUp' })}
        showArrow
      />
    </main>
  );
}
