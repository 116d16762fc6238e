// The players machine connected to the API and the device share sheet: the session invokes it
// while a player is signed in. Tests give the app one with fake calls.
import { api } from '../../lib/api-on-demand';
import {
  createPlayersActors,
  playersMachine,
  type ShareOutcome,
} from '../../../machines/players/players.machine';

export function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

export async function shareWithDevice(data: { url: string; text: string }): Promise<ShareOutcome> {
  try {
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    // The player closed the sheet: nothing went wrong.
    if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    throw error;
  }
}

export const connectedPlayersMachine = playersMachine.provide({
  actors: createPlayersActors({
    listInvites: api.listInvites,
    createInvite: api.createInvite,
    click: api.click,
    share: shareWithDevice,
  }),
});
