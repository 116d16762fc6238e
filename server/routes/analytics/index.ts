// POST analytics: a batch of page views and clicks from the app.
import type { FastifyInstance } from 'fastify';

export default function analyticsRoutes(app: FastifyInstance) {
  void app;
}
