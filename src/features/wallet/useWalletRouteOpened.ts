import { useEffect } from 'react';
import type { WalletPath } from '../../../machines/wallet/wallet.machine';
import { useWalletSend } from './WalletProvider';

/** Tells the wallet which of its pages is on screen (a link, Back, or its own navigation). */
export function useWalletRouteOpened(path: WalletPath): void {
  const send = useWalletSend();
  useEffect(() => {
    send({ type: 'route.opened', path });
  }, [send, path]);
}
