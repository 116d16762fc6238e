// The presentation environment (DEMO_MODE): wiped to its start on request (DESIGN section 8).
import type { ServiceContext } from './context';

export function createDemoService(context: ServiceContext) {
  void context;
  return {};
}
