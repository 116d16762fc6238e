// What the operator command line does, in the same services the API uses (DESIGN section 5).
import type { Database } from '../db/database';
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

export const noPlayerWith = (phone: string) => `No player with phone number ${phone}`;

/** The player an operator names by phone, typed as they like (`(202) 555-0123`), or why not. */
export async function findPlayerByPhone(db: Database, input: string) {
  const phone = parseUsPhone(input);
  if (!phone) throw new OpsError(`Not a valid US phone number: ${input}`);
  const user = await findActiveUserByPhone(db, phone);
  if (!user) throw new OpsError(noPlayerWith(phone));
  return { phone, user };
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
      const { phone, user } = await findPlayerByPhone(db, input);
      return { phone, wasLocked: await signIn.unlock(user.id) };
    },
  };
}

export type OpsService = ReturnType<typeof createOpsService>;
