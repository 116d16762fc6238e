// Where toasts show. A chunk of its own, loaded right after the first screen: no screen shows a
// toast the moment it opens, and toasts asked for before it is here wait for it (lib/toast.ts).
import * as notistack from 'notistack';
import { useEffect } from 'react';
import { MAX_TOASTS, toastsMounted } from '../lib/toast';

export default function Toasts() {
  // After the commit: the provider below is mounted and takes toasts.
  useEffect(() => toastsMounted(notistack), []);
  return (
    <notistack.SnackbarProvider
      maxSnack={MAX_TOASTS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      dense={false}
      preventDuplicate
      classes={{ containerRoot: 'toasts' }}
    />
  );
}
