import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import type { EntryPath } from '../../../machines/entry-flow/entry-flow.routes';
import { useEntryFlowSend } from './entry-flow-actor';

/**
 * Tells the entry flow which route is on screen, with the query string and navigation state it
 * was opened with (a link, a reload, Back, or the flow's own navigation).
 */
export function useRouteOpened(path: EntryPath): void {
  const send = useEntryFlowSend();
  const search = useSearch();
  const historyState: unknown = useHistoryState();
  // Compared by value: the same state object read again is not a new opening.
  const stateJson = JSON.stringify(historyState ?? null);
  useEffect(() => {
    send({
      type: 'route.opened',
      path,
      search,
      navigationState: JSON.parse(stateJson) as unknown,
    });
  }, [send, path, search, stateJson]);
}
