import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONTACT_PATHS,
  CONTACT_SENT,
  ContactRequest,
  ContactResponse,
} from '../../../contract/contact';
import { sessionOf } from '../../plugins/auth';

export default function contactRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { contact } = app.services;

  // 201 once stored: mailing follows on its own and never delays the answer.
  routes.post(
    `/${CONTACT_PATHS.sendEmail}`,
    {
      schema: { body: ContactRequest, response: { 201: ContactResponse } },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await contact.send(sessionOf(request).user.id, request.body);
      return reply.code(201).send({ message: CONTACT_SENT });
    },
  );
}
