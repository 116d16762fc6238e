import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Services } from '../services/index';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** True when the database answers a query (GET health). */
    databaseIsReachable: () => Promise<boolean>;
  }
}

export interface ServicesOptions {
  services: Services;
  ping: () => Promise<boolean>;
}

/** Makes the services reachable from every route, as the demo's repositories are. */
export default fp(
  (app: FastifyInstance, { services, ping }: ServicesOptions) => {
    app.decorate('services', services);
    app.decorate('databaseIsReachable', ping);
  },
  { name: 'services' },
);
