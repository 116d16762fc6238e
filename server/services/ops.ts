// What the operator command line does, in the same services the API uses (DESIGN section 5).
import { parseUsPhone } from '../phone';
import { findActiveUserByPhone } from '../repositories/users';
import type { ServiceContext } from './context';
import type { InviteService } from './invites';
import type { SignInService } from './sign-in';

export class OpsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpsError';
  }
}

export function createOpsService(
  { db }: ServiceContext,
  invites: InviteService,
  signIn: SignInService,
) {
  return {
    createCampaignInvite: (uses: number) => invites.createCampaign(uses),

    /** Returns the phone in E.164 and whether it had been blocked or locked. */
    async unlockPhone(input: string): Promise<{ phone: string; wasLocked: boolean }> {
      const phone = parseUsPhone(input);
      if (!phone) throw new OpsError(`Not a valid US phone number: ${input}`);
      const user = await findActiveUserByPhone(db, phone);
      if (!user) throw new OpsError(`No player with phone number ${phone}`);
      return { phone, wasLocked: await signIn.unlock(user.id) };
    },
  };
}

export type OpsService = ReturnType<typeof createOpsService>;
