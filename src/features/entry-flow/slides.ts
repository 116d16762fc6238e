import type { InstructionSlide } from '../../components/InstructionSlides';

/** The starting page: the intro points of spec section 1, then the welcome slide with ENTER. */
export const STARTING_SLIDES: readonly InstructionSlide[] = [
  {
    icon: 'gift',
    title: 'Win what you like',
    body: 'Advertisers give you chances to win prizes and discounts on things you are interested in.',
  },
  {
    icon: 'lock',
    title: 'You stay private',
    body: 'BLACK BUTTON never discloses your email, your phone number or your name.',
  },
  {
    icon: 'anonymous',
    title: 'Anonymous by design',
    body: 'Whatever you share is anonymous: advertisers learn what people like, never who they are.',
  },
  {
    icon: 'question',
    title: 'Questions are optional',
    body: 'Answer as many yes-or-no questions as you like, or none at all. Your odds stay the same; the more you tell us, the more you win exactly what you want.',
  },
  {
    icon: 'button',
    title: 'Press the black button',
    body: 'One press of the big black button enters you into the daily drawing for the grand prize.',
  },
  {
    icon: 'repeat',
    title: 'Every drawing, a new chance',
    body: 'When the countdown ends, press again to enter the next drawing. Every entry has the same chance to win.',
  },
  {
    icon: 'ticket',
    title: 'Welcome to BLACK BUTTON',
    body: 'Your first entry ticket is waiting for you.',
  },
];
