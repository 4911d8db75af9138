import type { FastifyInstance } from 'fastify';
import {
  type AnswerExportFormat,
  type AnswerExportQuery,
  answerExportQuerySchema,
  answerExportSchema,
  fileSchema,
  type IdParams,
  idParamsSchema,
} from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import type { AnswerExportService } from '../../questionnaires/answer-export';
import { limitPerAccount } from '../../security/limiter';

const CONTENT_TYPES: Record<AnswerExportFormat, string> = {
  csv: 'text/csv',
  json: 'application/json',
};

/**
 * GET /api/clients/:id/answers.csv and .json?questionnaire=&freeText=: one client's answers to one questionnaire,
 * item by item (ADR 130). Each export is audited with the questionnaire, the format and whether free text went.
 */
export function answerExportRoutes(app: FastifyInstance, answers: AnswerExportService) {
  for (const format of ['csv', 'json'] as const) {
    const description = "One client's answers to one questionnaire, item by item, with the scores of record";
    const schema = {
      params: idParamsSchema,
      querystring: answerExportQuerySchema,
      response: {
        200:
          format === 'json'
            ? fileSchema(description, CONTENT_TYPES.json, answerExportSchema)
            : fileSchema(description, CONTENT_TYPES.csv),
      },
    };
    app.get<{ Params: IdParams; Querystring: AnswerExportQuery }>(
      `/:id/answers.${format}`,
      { schema, preHandler: limitPerAccount('clientExportsPerPractitioner') },
      async (request, reply) => {
        const { id } = request.params;
        const { questionnaire } = request.query;
        const freeText = request.query.freeText === 'true';
        const { name, text } = await answers.file(request.user!.id, id, questionnaire, {
          lang: request.lang,
          freeText,
          format,
        });
        await auditRequest(request, {
          action: 'export',
          clientId: id,
          recordType: freeText ? 'questionnaire-answers-free-text' : 'questionnaire-answers',
          recordId: `${questionnaire}.${format}`,
        });
        return reply
          .type(`${CONTENT_TYPES[format]}; charset=utf-8`)
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(text);
      },
    );
  }
}
