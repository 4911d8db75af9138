import type { FastifyInstance } from 'fastify';
import { binarySchema, fileSchema } from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import { requireUser } from '../../auth/require-user';
import { asLang } from '../../i18n';
import { DATA_CATEGORIES } from '../../privacy/categories';
import { buildAccountArchive } from '../../privacy/export-archive';
import { writeZip } from '../../privacy/zip-writer';

/**
 * GET /api/account/export: 'Download my data', one zip of everything the product holds about the signed-in
 * practitioner and their clients (ADR 091), with its summary in the account's language; audited.
 */
export async function exportRoute(app: FastifyInstance) {
  const schema = {
    response: {
      200: fileSchema('Everything the product holds about the account', 'application/zip', binarySchema),
    },
  };
  app.get('/export', { schema, preHandler: requireUser }, async (request, reply) => {
    const user = request.user!;
    await app.limiter.enforce(`data-export:${user.id}`, app.limits.dataExportsPerAccount);
    const lang = asLang(user.language);
    const at = new Date();
    const entries = await buildAccountArchive(
      { db: app.db, keys: app.keys },
      DATA_CATEGORIES,
      user.id,
      lang,
      (ns, key, params) => app.engine.t(lang, ns, key, params),
      at,
      await app.services.fhir.account(user.id, lang),
    );
    await auditRequest(request, { action: 'export', clientId: null, recordType: 'account', recordId: null });
    await auditRequest(request, {
      action: 'export',
      clientId: null,
      recordType: 'fhir-bundle',
      recordId: null,
    });
    const name = `my-data-${at.toISOString().slice(0, 10)}.zip`;
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(writeZip(entries, at));
  });
}
