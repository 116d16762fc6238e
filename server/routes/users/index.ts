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
import { registerDeviceCookies, setDeviceCookie, signInClientOf } from './device-cookie';

export interface UserRoutesOptions {
  codeLimitPerPhone: number;
  codeLimitPerAddress: number;
  /** The server's secret, from which the device cookies' signing key is derived. */
  serverSecret: string;
}

export default async function userRoutes(app: FastifyInstance, options: UserRoutesOptions) {
  await registerDeviceCookies(app, options.serverSecret);
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
      onRequest: app.authenticate,
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
    (request) => signIn.requestCode(request.body.phone_number, signInClientOf(request)),
  );

  routes.post(
    `/${PATHS.verifyCode}`,
    { schema: { body: VerifyCodeRequest, response: { 200: LoginResponse } } },
    async (request, reply) => {
      const { sessionId, deviceId, ...login } = await signIn.verifyCode(
        request.body.phone_number,
        request.body.code,
        signInClientOf(request),
      );
      setDeviceCookie(reply, { userId: login.user.id, deviceId });
      return { token: app.signSessionToken(sessionId), ...login };
    },
  );

  routes.post(
    `/${PATHS.logout}`,
    {
      preValidation: absentBodyAsEmptyObject,
      schema: { body: EmptyRequest, response: { 200: LogoutResponse } },
      onRequest: app.authenticate,
    },
    async (request) => {
      await sessions.revoke(sessionOf(request).id);
      return { message: 'Signed out' };
    },
  );
}
