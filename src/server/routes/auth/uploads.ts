import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/require-user';
import { limitPerAccount } from '../../security/limiter';
import { newFileId, receiveUpload, type UploadKind } from '../../storage/uploads';
import { CREDENTIALS_EDITABLE, registrationLocked } from './signup-step2';

/**
 * POST /api/auth/signup/upload-diploma and /upload-photo: multipart, one file in field `file`.
 * The file replaces the account's previous one of that kind; answer 201 { file: { id, name, size, type } }.
 */
export async function uploadRoutes(app: FastifyInstance) {
  const upload =
    (kind: UploadKind) => async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
      const user = request.user!;
      // The diploma under review must not change behind the reviewer's back.
      if (kind === 'diploma' && !CREDENTIALS_EDITABLE.includes(user.status)) throw registrationLocked();
      const file = await receiveUpload(request, kind);
      const id = newFileId();
      const column = kind === 'diploma' ? 'diploma_file_id' : 'photo_file_id';
      await app.db.transaction().execute(async (tx) => {
        await tx
          .insertInto('files')
          .values({
            id,
            owner_id: user.id,
            kind,
            name: file.name,
            type: file.type,
            size: file.data.length,
            data: file.data,
          })
          .execute();
        const previous = await tx
          .selectFrom('users')
          .select(column)
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        await tx
          .updateTable('users')
          .set({ [column]: id })
          .where('id', '=', user.id)
          .execute();
        const previousId = (previous as Record<string, string | null>)[column];
        if (previousId) await tx.deleteFrom('files').where('id', '=', previousId).execute();
      });
      return reply.code(201).send({ file: { id, name: file.name, size: file.data.length, type: file.type } });
    };
  const options = { preHandler: [requireUser, limitPerAccount('uploadsPerAccount')] };
  app.post('/signup/upload-diploma', options, upload('diploma'));
  app.post('/signup/upload-photo', options, upload('photo'));
}
