import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { InstructionSlides } from '../../components/InstructionSlides';
import { selectSlideIndex, type SlidesMachine } from '../../../machines/shared/slides.machine';
import { selectSlides } from '../../../machines/wallet/wallet.selectors';
import { useChildSelector } from '../../lib/system';
import { WALLET_SLIDES } from './slides';
import './wallet.css';

function Slides({ slides }: { slides: ActorRefFrom<SlidesMachine> }) {
  const index = useSelector(slides, selectSlideIndex);
  const canGoBack = useSelector(slides, (s) => s.can({ type: 'slides.previous' }));
  return (
    <main className="screen wallet wallet--slides">
      <InstructionSlides
        label="About your wallet"
        slides={WALLET_SLIDES}
        index={index}
        onNext={() => slides.send({ type: 'slides.next' })}
        {...(canGoBack ? { onPrevious: () => slides.send({ type: 'slides.previous' }) } : {})}
        onSwipeUp={() => slides.send({ type: 'slides.finish' })}
        showArrow
      />
    </main>
  );
}

/** /wallet: the wallet's instruction slides; an upward swipe leaves for the tickets. */
export function WalletPage() {
  const slides = useChildSelector('wallet', selectSlides);
  if (!slides) return <main className="screen wallet" aria-busy="true" aria-label="Wallet" />;
  return <Slides slides={slides} />;
}
