// The calls the session makes, as actors the machine invokes by id. The app gives them the real
// API client; tests give them fakes.
import { fromPromise } from 'xstate';
import type { AppConfigResponse } from '../../contract/api';

/** What the app shows from the server's settings (legal pages, feature flags). */
export type AppConfig = {
  operatorName: string;
  contactEmail: string;
  features: {
    players: boolean;
    tellUsMore: boolean;
    /** FEATURE_FINAL_TEST: every signed-in route shows the final-test page. */
    finalTest: boolean;
    /** DEMO_MODE: the drawer offers 'Reset demo'. */
    demo: boolean;
  };
};

/** The operator's settings as shipped, used until the server has answered. */
export const FALLBACK_APP_CONFIG: AppConfig = {
  operatorName: 'Black Button, Inc.',
  contactEmail: 'support@blackbutton.example',
  // Feature screens stay off until the server says they are on.
  features: { players: false, tellUsMore: false, finalTest: false, demo: false },
};

export function toAppConfig(response: AppConfigResponse): AppConfig {
  return {
    operatorName: response.operator_name,
    contactEmail: response.contact_email,
    features: {
      players: response.features.players,
      tellUsMore: response.features.tell_us_more,
      finalTest: response.features.final_test,
      demo: response.features.demo,
    },
  };
}

/** The part of the API client the session calls. */
export type SessionApi = {
  logout: () => Promise<unknown>;
  deleteAccount: (userId: string) => Promise<unknown>;
  appConfig: () => Promise<AppConfigResponse>;
  /** POST demo/reset (DEMO_MODE): every account, this one too, is erased. */
  resetDemo: () => Promise<unknown>;
};

export function createSessionActors(api: SessionApi) {
  return {
    logout: fromPromise<void>(async () => {
      await api.logout();
    }),
    deleteAccount: fromPromise<void, { userId: string }>(async ({ input }) => {
      await api.deleteAccount(input.userId);
    }),
    loadAppConfig: fromPromise<AppConfig>(async () => toAppConfig(await api.appConfig())),
    resetDemo: fromPromise<void>(async () => {
      await api.resetDemo();
    }),
  };
}

const notConnected = (): Promise<never> =>
  Promise.reject(new Error('The session machine was started without an API.'));

/** Placeholders until the app provides the API: every call fails, so the chart's error paths run. */
export const disconnectedSessionActors = createSessionActors({
  logout: notConnected,
  deleteAccount: notConnected,
  appConfig: notConnected,
  resetDemo: notConnected,
});
