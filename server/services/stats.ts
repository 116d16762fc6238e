// `ops stats`: daily figures and each flow's funnel (DESIGN section 5).
import type { ServiceContext } from './context';

export function createStatsService(context: ServiceContext) {
  void context;
  return {};
}
