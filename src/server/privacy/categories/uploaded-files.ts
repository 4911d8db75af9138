import type { DataCategory } from '../data-category';
import { iso } from '../data-category';

/** Files the practitioner uploaded (diploma, photo), as they were uploaded. */
export const uploadedFilesCategory: DataCategory = {
  name: 'uploaded-files',
  async export({ db, say }, practitionerId) {
    const rows = await db
      .selectFrom('files')
      .select(['id', 'kind', 'name', 'type', 'size', 'data', 'created_at'])
      .where('owner_id', '=', practitionerId)
      .orderBy('created_at')
      .execute();
    // the stored name is the uploader's; the archive path is ours, so no name can climb out of files/
    const pathOf = (row: (typeof rows)[number], index: number) =>
      `files/${index + 1}-${row.kind}-${row.name.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 80)}`;
    return {
      data: rows.map((row, index) => ({
        kind: row.kind,
        name: row.name,
        type: row.type,
        size: row.size,
        uploadedAt: iso(row.created_at),
        path: pathOf(row, index),
      })),
      files: rows.map((row, index) => ({ path: pathOf(row, index), data: row.data })),
      table: {
        columns: ['kind', 'fileName', 'size', 'uploadedAt'],
        rows: rows.map((row) => [
          say.word('privacy', `archive.values.fileKind.${row.kind}`),
          row.name,
          String(row.size),
          say.time(row.created_at),
        ]),
      },
    };
  },
  async purgeAccount(tx, practitionerId) {
    const result = await tx.deleteFrom('files').where('owner_id', '=', practitionerId).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
