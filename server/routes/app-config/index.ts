import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppConfigResponse, PATHS } from '../../../contract/api';
import type { Config } from '../../config';

export default function appConfigRoutes(app: FastifyInstance, { config }: { config: Config }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(`/${PATHS.appConfig}`, { schema: { response: { 200: AppConfigResponse } } }, () => ({
      operator_name: config.OPERATOR_NAME,
      contact_email: config.CONTACT_EMAIL,
      features: {
        players: config.FEATURE_PLAYERS,
        tell_us_more: config.FEATURE_TELL_US_MORE,
        final_test: config.FEATURE_FINAL_TEST,
        demo: config.DEMO_MODE,
      },
    }));
}
