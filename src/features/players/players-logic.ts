// The players machine connected to the API, the device share sheet and its clipboard: the session invokes it
// while a player is signed in. Tests give the app one with fake calls.
import { api } from '../../lib/api-on-demand';
import { createPlayersActors, playersMachine } from '../../../machines/players/players.machine';
import { copyWithDevice, shareWithDevice } from './share';

export const connectedPlayersMachine = playersMachine.provide({
  actors: createPlayersActors({
    listInvites: api.listInvites,
    createInvite: api.createInvite,
    click: api.click,
    share: shareWithDevice,
    copy: copyWithDevice,
  }),
});
