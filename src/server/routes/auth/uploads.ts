import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uploadAnswerSchema } from '../../../shared';
import { requireUser } from '../../auth/require-user';
import { limitPerAccount } from '../../security/limiter';
import { receiveUpload, type UploadKind } from '../../storage/uploads';

/**
 * POST /api/auth/signup/upload-diploma and /upload-photo: multipart, one file in field `file`.
 * The file replaces the account's previous one of that kind; answer 201 { file: { id, name, size, type } }.
 */
export async function uploadRoutes(app: FastifyInstance) {
  const signup = app.services.signup;
  const upload =
    (kind: UploadKind) => async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
      const user = request.user!;
      signup.assertMayUpload(user, kind);
      const file = await receiveUpload(request, kind);
      const id = await signup.storeUpload(user, kind, file);
      return reply.code(201).send({ file: { id, name: file.name, size: file.data.length, type: file.type } });
    };
  const options = {
    schema: { response: { 201: uploadAnswerSchema } },
    preHandler: [requireUser, limitPerAccount('uploadsPerAccount')],
    config: { multipart: true },
  };
  app.post('/signup/upload-diploma', options, upload('diploma'));
  app.post('/signup/upload-photo', options, upload('photo'));
}
