// The redirect of an address a route table does not have (the signed-in app's to /home, the
// signed-out app's to the starting page). An address reached by Back or Forward is not shown
// and not redirected at once: the route sync steps on past it (src/lib/route-follower.ts), so
// the player does not see the screen they left come back; with nothing further that way, the
// redirect replaces it.
import { useEffect, useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { reachedByTraversal, steppingOn } from '../lib/route-sync';
import { SessionContext } from '../lib/session-context';

export function RedirectUnlessTraversed({ to, replace }: { to: string; replace: boolean }) {
  const [, navigate] = useLocation();
  const session = SessionContext.useActorRef();
  const [traversed] = useState(() => reachedByTraversal(session));
  useEffect(() => {
    // The route sync (its effects ran first) had nothing further to step on to: redirect.
    if (traversed && !steppingOn(session)) navigate(to, { replace: true });
  }, [traversed, session, navigate, to]);
  if (traversed) return null;
  return <Redirect to={to} replace={replace} />;
}
