// The players machine connected to the API and the device share sheet. Tests replace it through
// `PlayersLogicContext`.
import { createContext } from 'react';
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

export const PlayersLogicContext = createContext(connectedPlayersMachine);
