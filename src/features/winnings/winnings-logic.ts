// The winnings flow connected to the API: the session runs it while a player is signed in
// (src/app/signed-in-flows.ts), with the drawer, the prize claim, the contact form and the draw
// record it invokes.
// Tests connect it to fake calls the same way.
import { contactFormMachine } from '../../../machines/winnings/contact-form.machine';
import {
  createContactFormActors,
  type ContactApi,
} from '../../../machines/winnings/contact-form.actors';
import { drawRecordMachine } from '../../../machines/winnings/draw-record.machine';
import { prizeClaimMachine } from '../../../machines/winnings/prize-claim.machine';
import {
  createPrizeClaimActors,
  type PrizeClaimApi,
} from '../../../machines/winnings/prize-claim.actors';
import { winningsDrawerMachine } from '../../../machines/winnings/winnings-drawer.machine';
import { createWinningsActors, type WinningsApi } from '../../../machines/winnings/winnings.actors';
import { winningsMachine } from '../../../machines/winnings/winnings.machine';
import { api } from '../../lib/api-on-demand';

export function connectWinnings(calls: WinningsApi & PrizeClaimApi & ContactApi) {
  const winningsActors = createWinningsActors(calls);
  const prizeClaim = prizeClaimMachine.provide({ actors: createPrizeClaimActors(calls) });
  return winningsMachine.provide({
    actors: {
      ...winningsActors,
      winningsDrawer: winningsDrawerMachine.provide({ actors: { ...winningsActors, prizeClaim } }),
      prizeClaim,
      contactForm: contactFormMachine.provide({ actors: createContactFormActors(calls) }),
      drawRecord: drawRecordMachine.provide({
        actors: { checkDrawRecord: winningsActors.checkDrawRecord },
      }),
    },
  });
}

export const connectedWinningsMachine = connectWinnings(api);
