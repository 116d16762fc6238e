import type { ServiceContext } from './context';
import { createAnalyticsService } from './analytics';
import { createAuditService } from './audit';
import { createCatalogService } from './catalog';
import { createQuestionnaireService } from './questionnaires';
import { createRewardService } from './rewards';
import { createClickService } from './clicks';
import { createContactService } from './contact';
import { createDemoService } from './demo';
import { createDrawService } from './draws';
import { createInviteService } from './invites';
import { createOpsService } from './ops';
import { createPayoutService } from './payouts';
import { createPrizeService } from './prizes';
import { createPrivacyService } from './privacy';
import { createSessionService } from './sessions';
import { createSignInService } from './sign-in';
import { createStatsService } from './stats';
import { createUserService } from './users';
import { createWalletService } from './wallet';

/** Every service of the server, built once over one context and shared by API, cable and CLI. */
export function createServices(context: ServiceContext) {
  const sessions = createSessionService(context);
  const invites = createInviteService(context);
  const signIn = createSignInService(context, sessions);
  const prizes = createPrizeService(context);
  const draws = createDrawService(context, prizes);
  const users = createUserService(context);
  return {
    context,
    sessions,
    invites,
    signIn,
    users,
    privacy: createPrivacyService(context, users),
    clicks: createClickService(context),
    draws,
    wallet: createWalletService(context, draws),
    prizes,
    payouts: createPayoutService(context),
    ops: createOpsService(context, invites, signIn),
    catalog: createCatalogService(context),
    questionnaires: createQuestionnaireService(context, (sessionId) =>
      draws.enterInSession(sessionId),
    ),
    rewards: createRewardService(context),
    contact: createContactService(context),
    audit: createAuditService(context),
    analytics: createAnalyticsService(context),
    stats: createStatsService(context),
    demo: createDemoService(context),
  };
}

export type Services = ReturnType<typeof createServices>;
