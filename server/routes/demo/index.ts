// POST demo/reset: the presentation environment wiped to its start (DEMO_MODE only).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

export default function demoRoutes(app: FastifyInstance, options: { config: Config }) {
  void app;
  void options;
}
