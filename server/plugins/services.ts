import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Reachability } from '../db/database';
import type { Services } from '../services/index';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Whether the database can be reached, as the server last saw it (GET health, 503s). */
    databaseReachability: Reachability;
  }
}

export interface ServicesOptions {
  services: Services;
  reachability: Reachability;
}

/** Makes the services reachable from every route, as the demo's repositories are. */
export default fp(
  (app: FastifyInstance, { services, reachability }: ServicesOptions) => {
    app.decorate('services', services);
    app.decorate('databaseReachability', reachability);
  },
  { name: 'services' },
);
