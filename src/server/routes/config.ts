import type { FastifyInstance } from 'fastify';
import { type AppConfigView, appConfigViewSchema } from '../../shared';

/** GET /api/config: what the client needs to know about this deployment. Public. */
export async function configRoutes(app: FastifyInstance) {
  app.get(
    '/config',
    { schema: { response: { 200: appConfigViewSchema } } },
    async (): Promise<AppConfigView> => ({
      productName: app.config.productName,
      supportEmail: app.config.supportEmail,
      requireEmailVerification: app.config.requireEmailVerification,
      requireApproval: app.config.requireApproval,
      deletionGraceDays: app.config.retention.deletionGraceDays,
    }),
  );
}
