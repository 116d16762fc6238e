// What a payout claim tells the player: where the money goes, by which method.
import type { ClaimBonusRequest, ClaimPrizeRequest, PaymentMethod } from '../../contract/winnings';

/** Where the payout goes: the e-mail address, or the Venmo username with its '@'. */
export function destinationOf(request: ClaimPrizeRequest | ClaimBonusRequest): string {
  return request.payment_method === 'Venmo'
    ? `@${request.handle.replace(/^@/, '')}`
    : request.email;
}

export function claimMessage(
  amount: number,
  method: PaymentMethod,
  destination: string,
  payout: PayoutKind = 'prize',
) {
  const what = `Your $${amount} ${payout}`;
  switch (method) {
    case 'PayPal':
      return `${what} will be sent to ${destination} by PayPal.`;
    case 'Venmo':
      return `${what} will be sent to ${destination} on Venmo.`;
    case 'Virtual Visa':
      return `${what} will be sent to ${destination} as a Virtual Visa card.`;
  }
}

/** What the operator pays: a winner's grand prize, or the bonus their win earned the inviter. */
export type PayoutKind = 'prize' | 'referral bonus';
