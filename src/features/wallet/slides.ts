import type { InstructionSlide } from '../../components/InstructionSlides';
import type { WALLET_SLIDE_COUNT } from '../../../machines/wallet/wallet.machine';

/** /wallet: what tickets are, how entering works, that every entry is equal, where they come from. */
export const WALLET_SLIDES = [
  {
    icon: 'wallet',
    title: 'Your wallet',
    body: 'Tickets you hold are kept here until you use them. Your first ticket came with your welcome.',
  },
  {
    icon: 'ticket',
    title: 'Enter when you like',
    body: "Enter as many of your tickets as you want into today's draw: one, a few, or all at once.",
  },
  {
    icon: 'equal',
    title: 'Every entry is equal',
    body: 'Each ticket you enter is one more entry, with exactly the same chance to win as a press of the black button.',
  },
  {
    icon: 'question',
    title: 'Earn more tickets',
    body: 'Your wallet fills up from rewards: answer questions in Tell Us More to earn more tickets.',
  },
] as const satisfies readonly InstructionSlide[] & { length: typeof WALLET_SLIDE_COUNT };
