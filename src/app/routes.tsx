// The two route tables of spec section 2. wouter matches paths exactly unless `nest` is set.
import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { DisclaimerPage } from '../features/entry-flow/DisclaimerPage';
import { EntryRouteSync } from '../features/entry-flow/EntryRouteSync';
import { InstallPage } from './InstallGate';
import { AfterHydration, FirstScreen } from './prerender-hydration';
import { selectContactEmail, selectOperatorName } from '../../machines/session/session.selectors';
import { drawIdInPath, PATHS } from '../../machines/shared/paths';
import { LoadingScreen } from '../components/LoadingScreen';
import { RedirectUnlessTraversed } from '../components/RedirectUnlessTraversed';
import { preloadable } from '../lib/preloadable';
import { SessionContext } from '../lib/session-context';

// The disclaimer loads at once; the rest loads when opened: the starting page of an invite link
// (its slides and ticket), the phone forms with the phone-number library and the form library,
// /login's code boxes while the phone form is on screen (`loadLoginPage`, App.tsx), the legal
// texts, long and rarely read, and the signed-in app (SignedInApp.tsx), a chunk of its own.
const LandingPage = preloadable(() => import('../features/entry-flow/LandingPage'), 'LandingPage');
const InviteCodePage = preloadable(
  () => import('../features/entry-flow/InviteCodePage'),
  'InviteCodePage',
);
const OnboardingPage = preloadable(
  () => import('../features/entry-flow/OnboardingPage'),
  'OnboardingPage',
);
const PhoneLoginPage = preloadable(
  () => import('../features/entry-flow/PhoneLoginPage'),
  'PhoneLoginPage',
);
/** /login's code boxes: loaded as soon as a phone form shows, so the code is typed at once. */
const LoginPage = preloadable(() => import('../features/entry-flow/LoginPage'), 'LoginPage');
export const loadLoginPage = (): Promise<unknown> => LoginPage.preload();
const TermsPage = preloadable(() => import('../features/legal/TermsPage'), 'TermsPage');
const PrivacyPage = preloadable(() => import('../features/legal/PrivacyPage'), 'PrivacyPage');
const RulesPage = preloadable(() => import('../features/legal/RulesPage'), 'RulesPage');

const DrawRecordPage = preloadable(
  () => import('../features/winnings/DrawRecordPage'),
  'DrawRecordPage',
);

/** /draws/{id} (signed in): a closed draw's record, checked on the phone. */
export function DrawRecord() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <DrawRecordPage />
    </Suspense>
  );
}

/** Whether `path` is a draw's record page (/draws/{id}), a signed-in address. */
export const isDrawRecordPath = (path: string): boolean => drawIdInPath(path) !== null;

function useOperator() {
  const operatorName = SessionContext.useSelector(selectOperatorName);
  const contactEmail = SessionContext.useSelector(selectContactEmail);
  return { operatorName, contactEmail };
}

export function Terms() {
  const operator = useOperator();
  return (
    <Suspense fallback={<LoadingScreen />}>
      <TermsPage {...operator} />
    </Suspense>
  );
}

export function Rules() {
  const operator = useOperator();
  return (
    <Suspense fallback={<LoadingScreen />}>
      <RulesPage {...operator} />
    </Suspense>
  );
}

export function Privacy() {
  const [, navigate] = useLocation();
  const operator = useOperator();
  const back = () => {
    // Opened from a link outside the app (or a fresh tab): there is nothing to go back to.
    if (window.history.length > 1) window.history.back();
    else navigate('/');
  };
  return (
    <Suspense fallback={<LoadingScreen />}>
      <PrivacyPage {...operator} onBack={back} />
    </Suspense>
  );
}

/**
 * A visitor: the entry flow, the install guide and the legal pages; anything else is `/`. The
 * route sync stays outside the screens' Suspense: while a built first screen waits there for the
 * entry flow (FirstScreen), the sync is what tells the flow where the visitor is, once React has
 * taken the page over.
 */
export function SignedOutRoutes({ onLeaveInstall }: { onLeaveInstall: () => void }) {
  return (
    <>
      <AfterHydration>
        <EntryRouteSync />
      </AfterHydration>
      <Suspense fallback={<LoadingScreen />}>
        <FirstScreen>
          <Switch>
            <Route path={PATHS.start} component={LandingPage} />
            <Route path={PATHS.disclaimer} component={DisclaimerPage} />
            <Route path={PATHS.inviteCode} component={InviteCodePage} />
            <Route path={PATHS.onboarding} component={OnboardingPage} />
            <Route path={PATHS.phoneLogin} component={PhoneLoginPage} />
            <Route path={PATHS.login} component={LoginPage} />
            <Route path={PATHS.install}>
              <InstallPage onContinueInBrowser={onLeaveInstall} />
            </Route>
            <Route path={PATHS.privacyPolicy} component={Privacy} />
            <Route path={PATHS.terms} component={Terms} />
            <Route path={PATHS.rules} component={Rules} />
            <Route>
              <RedirectUnlessTraversed to={PATHS.start} replace />
            </Route>
          </Switch>
        </FirstScreen>
      </Suspense>
    </>
  );
}
