import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateInviteResponse,
  EmptyRequest,
  InviteClickRequest,
  InviteClickResponse,
  InviteListResponse,
  PATHS,
  ValidateInviteRequest,
  ValidateInviteResponse,
} from '../../../contract/api';
import { sessionOf } from '../../plugins/auth';
import { absentBodyAsEmptyObject } from '../empty-body';

export default function inviteRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { invites } = app.services;

  routes.post(
    `/${PATHS.validateInvite}`,
    { schema: { body: ValidateInviteRequest, response: { 200: ValidateInviteResponse } } },
    async (request) => {
      await invites.validate(request.body.invite_code);
      return { valid: true as const };
    },
  );

  routes.post(
    `/${PATHS.invites}`,
    {
      preValidation: absentBodyAsEmptyObject,
      schema: { body: EmptyRequest, response: { 201: CreateInviteResponse } },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const code = await invites.createPersonal(sessionOf(request).user.id);
      return reply.code(201).send({ code });
    },
  );

  routes.get(
    `/${PATHS.invites}`,
    { schema: { response: { 200: InviteListResponse } }, onRequest: app.authenticate },
    async (request) => ({ data: await invites.listPersonal(sessionOf(request).user.id) }),
  );

  routes.post(
    `/${PATHS.inviteClickCounts}`,
    { schema: { body: InviteClickRequest, response: { 201: InviteClickResponse } } },
    async (request, reply) => {
      // The same answer whether this device's opening was counted now or before.
      await invites.countClick(request.body.invite_code, request.body.device_id ?? null);
      return reply.code(201).send({ message: 'Click counted' });
    },
  );
}
