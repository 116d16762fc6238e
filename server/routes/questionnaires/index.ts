import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AnswerRequest,
  AnswerResponse,
  HasFinishedResponse,
  NextQuestionResponse,
  QUESTIONNAIRE_PATHS,
  QuestionIdParams,
  SkipQuestionnaireRequest,
  SkipQuestionnaireResponse,
  TellUsMoreRequest,
  TellUsMoreResponse,
} from '../../../contract/questionnaires';
import { unauthorized } from '../../errors';
import { sessionOf, tokenSessionIdOf } from '../../plugins/auth';

export default function questionnaireRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { questionnaires } = app.services;

  routes.get(
    `/${QUESTIONNAIRE_PATHS.next}`,
    { schema: { response: { 200: NextQuestionResponse } }, onRequest: app.authenticate },
    async (request) => {
      const next = await questionnaires.next(sessionOf(request).user.id);
      return {
        data: {
          id: String(next.id),
          type: 'questionnaire' as const,
          attributes: { next_question: next.prompt, finished: next.isLast },
        },
      };
    },
  );

  routes.patch(
    '/questionnaires/:id',
    {
      schema: {
        params: QuestionIdParams,
        body: AnswerRequest,
        response: { 200: AnswerResponse },
      },
      // Answers check their session in their own statement, as the press does.
      onRequest: app.verifyToken,
    },
    async (request) => {
      const { answer, draw_entry_id: drawEntryId, isSkipped } = request.body;
      const kept = await questionnaires.answerInSession(
        tokenSessionIdOf(request),
        request.params.id,
        { answer, drawEntryId, isSkipped },
      );
      if (!kept) throw unauthorized();
      return {
        data: {
          id: String(request.params.id),
          type: 'answer' as const,
          attributes: {
            answer: kept.answer,
            skipped: kept.skipped,
            draw_entry_id: kept.drawEntryId,
          },
        },
      };
    },
  );

  routes.post(
    `/${QUESTIONNAIRE_PATHS.tellUsMore}`,
    {
      schema: { body: TellUsMoreRequest, response: { 201: TellUsMoreResponse } },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const entry = await questionnaires.tellUsMore({ id: session.id, userId: session.user.id });
      return reply.code(201).send({ data: { data: entry } });
    },
  );

  routes.get(
    `/${QUESTIONNAIRE_PATHS.hasFinished}`,
    { schema: { response: { 200: HasFinishedResponse } }, onRequest: app.authenticate },
    async (request) => ({
      data: { data: await questionnaires.hasFinished(sessionOf(request).user.id) },
    }),
  );

  routes.post(
    `/${QUESTIONNAIRE_PATHS.skip}`,
    {
      schema: { body: SkipQuestionnaireRequest, response: { 201: SkipQuestionnaireResponse } },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const drawEntryId = request.body.draw_entry_id;
      await questionnaires.skip(sessionOf(request).user.id, drawEntryId);
      return reply.code(201).send({ data: { draw_entry_id: drawEntryId, skipped: true } });
    },
  );
}
