// The players flow's calls: the invites, the share sheet, the clipboard and analytics, as
// invoked actors a test can replace.
import { fromPromise } from 'xstate';
import type {
  ClickEventName,
  CreateInviteResponse,
  Invite,
  InviteListResponse,
} from '../../contract/api';

export type ShareOutcome = 'shared' | 'cancelled';

export type PlayersApi = {
  listInvites: () => Promise<InviteListResponse>;
  createInvite: () => Promise<CreateInviteResponse>;
  click: (body: { click: { event_name: ClickEventName; page_url: string } }) => Promise<unknown>;
  /** Opens the share sheet; resolves 'cancelled' when the player closes it without sharing. */
  share: (data: { url: string; text: string }) => Promise<ShareOutcome>;
  /** Puts `text` on the clipboard; rejects where the device refuses (none: always refused). */
  copy?: (text: string) => Promise<void>;
};

export function createPlayersActors(api: PlayersApi) {
  return {
    listInvites: fromPromise<Invite[]>(async () => (await api.listInvites()).data),
    createInvite: fromPromise<string>(async () => (await api.createInvite()).code),
    shareInvite: fromPromise<ShareOutcome, { url: string }>(({ input }) =>
      api.share({ url: input.url, text: 'Join me on BLACK BUTTON' }),
    ),
    copyLink: fromPromise<void, { url: string }>(async ({ input }) => {
      if (!api.copy) throw new Error('This device has no clipboard.');
      await api.copy(input.url);
    }),
    // Analytics never get in the player's way: a failed click is dropped.
    logClick: fromPromise<void, { event: ClickEventName; pageUrl: string }>(async ({ input }) => {
      try {
        await api.click({ click: { event_name: input.event, page_url: input.pageUrl } });
      } catch {
        // Dropped on purpose.
      }
    }),
  };
}

const notConnected = (): Promise<never> =>
  Promise.reject(new Error('The players machine was started without an API.'));

export const disconnectedPlayersActors = createPlayersActors({
  listInvites: notConnected,
  createInvite: notConnected,
  click: notConnected,
  share: notConnected,
});
