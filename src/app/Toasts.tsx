// Where toasts show. A chunk of its own, loaded with the first toast asked for (lib/toast.ts);
// toasts asked for before it is mounted wait for it.
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
