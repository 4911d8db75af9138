import type { FastifyInstance } from 'fastify';
import { requireApprovedUser, requireVerifiedUser } from '../../auth/require-user';
import { alertHandleRoute } from './alert-handle';
import { answerExportRoutes } from './answer-export';
import { clientAlertsRoute } from './client-alerts';
import { clientCsvRoute } from './client-csv';
import { clientFhirRoute } from './client-fhir';
import { clientGetRoute } from './client-get';
import { clientListRoute } from './client-list';
import { clientResultsRoute } from './client-results';
import { definitionRoute } from './definition';
import { libraryRoute } from './library';
import { responseCreateRoute } from './response-create';
import { responseGetRoute } from './response-get';
import { responseLanguageRoute } from './response-language';
import { responseSubmitRoute } from './response-submit';
import { responseUpdateRoute } from './response-update';

/**
 * The questionnaire library (/api/questionnaires), clients (/api/clients, one per intake record) and
 * questionnaire responses (/api/responses) and their alerts (/api/alerts), under /api: the library to verified users, client data to approved
 * accounts only (ADR 105).
 */
export async function questionnaireRoutes(app: FastifyInstance) {
  const { responses, clients, fhir, answerExport, attention } = app.services;
  await app.register(
    async (library) => {
      // the published questionnaires hold no client data: readable while the credentials are reviewed
      library.addHook('preHandler', requireVerifiedUser);
      libraryRoute(library, responses);
      definitionRoute(library, responses);
    },
    { prefix: '/questionnaires' },
  );
  await app.register(
    async (area) => {
      area.addHook('onRequest', requireApprovedUser);
      clientListRoute(area, clients);
      clientGetRoute(area, clients);
      clientResultsRoute(area, clients);
      clientAlertsRoute(area, attention);
      clientCsvRoute(area, clients);
      clientFhirRoute(area, fhir);
      answerExportRoutes(area, answerExport);
      responseCreateRoute(area, clients);
    },
    { prefix: '/clients' },
  );
  await app.register(
    async (area) => {
      area.addHook('onRequest', requireApprovedUser);
      responseGetRoute(area, responses);
      responseUpdateRoute(area, responses);
      responseSubmitRoute(area, responses);
      responseLanguageRoute(area, responses);
    },
    { prefix: '/responses' },
  );
  await app.register(
    async (area) => {
      area.addHook('onRequest', requireApprovedUser);
      alertHandleRoute(area, attention);
    },
    { prefix: '/alerts' },
  );
}
