import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONTACT_PATHS,
  CONTACT_SENT,
  ContactRequest,
  ContactResponse,
  ContactThreadParams,
  ContactThreadsResponse,
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

  // onRequest: a request without a session is 401 before anything of it is read or checked.
  routes.get(
    `/${CONTACT_PATHS.messages}`,
    {
      schema: { response: { 200: ContactThreadsResponse } },
      onRequest: app.authenticate,
    },
    async (request) => ({ data: await contact.threads(sessionOf(request).user.id) }),
  );

  // Any body is ignored: the player opened the answers, nothing more is said.
  routes.post(
    `/${CONTACT_PATHS.read(':id')}`,
    { schema: { params: ContactThreadParams }, onRequest: app.authenticate },
    async (request, reply) => {
      await contact.markRead(sessionOf(request).user.id, request.params.id);
      return reply.code(204).send();
    },
  );
}
