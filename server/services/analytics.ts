// Analytics (DESIGN section 8): page views and clicks the app sends in batches.
import type { ServiceContext } from './context';

export function createAnalyticsService(context: ServiceContext) {
  void context;
  return {};
}
