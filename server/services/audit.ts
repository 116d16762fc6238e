// The books check (DESIGN section 3, `ops audit`): every wallet ticket, coupon, gift card,
// bonus and payout traces to what earned it, and nothing of a deleted player remains but
// anonymised prize records. The rules checked are the ones the rewards and prizes pay by.
import { QUESTIONS_PER_BATCH } from '../../contract/questionnaires';
import { TICKETS_PER_ANSWER } from '../../contract/rewards';
import { runAudit, type AuditFinding } from '../repositories/audit';
import type { ServiceContext } from './context';
import { REFERRAL_BONUS_RATE } from './prizes';

export interface AuditReport {
  checks: { name: string; covers: string; checked: number; failures: number }[];
  /** Every row that does not balance; empty when the books balance. */
  findings: AuditFinding[];
}

export function createAuditService({ db }: ServiceContext) {
  return {
    async run(): Promise<AuditReport> {
      const results = await runAudit(db, {
        ticketsPerAnswer: TICKETS_PER_ANSWER,
        perBatch: QUESTIONS_PER_BATCH,
        referralBonusRate: REFERRAL_BONUS_RATE,
      });
      return {
        checks: results.map(({ check, checked, failures }) => ({
          name: check.name,
          covers: check.covers,
          checked,
          failures: failures.length,
        })),
        findings: results.flatMap((result) => result.failures),
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
