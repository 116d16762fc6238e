import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmptyRequest,
  LoginResponse,
  LogoutResponse,
  PATHS,
  RegistrationRequest,
  RegistrationResponse,
  RequestCodeRequest,
  RequestCodeResponse,
  UserIdParams,
  VerifyCodeRequest,
} from '../../../contract/api';
import { sessionOf } from '../../plugins/auth';
import { absentBodyAsEmptyObject } from '../empty-body';
import { codeRequestLimits } from './code-request-limits';

export interface UserRoutesOptions {
  codeLimitPerPhone: number;
  codeLimitPerAddress: number;
}

export default function userRoutes(app: FastifyInstance, options: UserRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { users, signIn, sessions } = app.services;

  routes.post(
    `/${PATHS.registrations}`,
    { schema: { body: RegistrationRequest, response: { 201: RegistrationResponse } } },
    async (request, reply) => {
      const user = await users.register(request.body.phone_number, request.body.invite_code);
      return reply.code(201).send({ data: user });
    },
  );

  routes.delete(
    `/${PATHS.registration(':id')}`,
    {
      preValidation: absentBodyAsEmptyObject,
      schema: { params: UserIdParams, body: EmptyRequest, response: { 200: LogoutResponse } },
      preHandler: app.authenticate,
    },
    async (request) => {
      await users.deleteAccount(sessionOf(request).user.id, request.params.id);
      return { message: 'Account deleted' };
    },
  );

  routes.post(
    `/${PATHS.requestCode}`,
    {
      schema: { body: RequestCodeRequest, response: { 200: RequestCodeResponse } },
      preHandler: codeRequestLimits(app, {
        perPhone: options.codeLimitPerPhone,
        perAddress: options.codeLimitPerAddress,
      }),
    },
    (request) => signIn.requestCode(request.body.phone_number),
  );

  routes.post(
    `/${PATHS.verifyCode}`,
    { schema: { body: VerifyCodeRequest, response: { 200: LoginResponse } } },
    async (request) => {
      const { sessionId, ...login } = await signIn.verifyCode(
        request.body.phone_number,
        request.body.code,
      );
      return { token: app.signSessionToken(sessionId), ...login };
    },
  );

  routes.post(
    `/${PATHS.logout}`,
    {
      preValidation: absentBodyAsEmptyObject,
      schema: { body: EmptyRequest, response: { 200: LogoutResponse } },
      preHandler: app.authenticate,
    },
    async (request) => {
      await sessions.revoke(sessionOf(request).id);
      return { message: 'Signed out' };
    },
  );
}
