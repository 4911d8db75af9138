import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../shared';
import { AppError } from '../errors';

export type UploadKind = 'diploma' | 'photo';

interface UploadRule {
  maxBytes: number;
  /** MIME types accepted, as sniffed from the content. */
  types: Record<string, string>;
  accepted: string;
  sizeLabel: string;
}

/** The spec's file rules: the type is read from the bytes, never from the name or the client's MIME type. */
export const UPLOAD_RULES: Record<UploadKind, UploadRule> = {
  diploma: {
    maxBytes: 5_242_880,
    types: { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' },
    accepted: '.pdf,.jpg,.jpeg,.png',
    sizeLabel: '5MB',
  },
  photo: {
    maxBytes: 2_097_152,
    types: { 'image/jpeg': 'jpg', 'image/png': 'png' },
    accepted: '.jpg,.jpeg,.png',
    sizeLabel: '2MB',
  },
};

export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));

export interface ReceivedFile {
  name: string;
  type: string;
  data: Buffer;
}

const tooLarge = (rule: UploadRule) =>
  new AppError(413, ERROR_CODES.FILE_TOO_LARGE, 'upload.tooLarge', {
    params: { size: rule.sizeLabel },
    fields: { file: { key: 'upload.tooLarge', params: { size: rule.sizeLabel } } },
  });
const invalidType = (rule: UploadRule) =>
  new AppError(400, ERROR_CODES.INVALID_FILE_TYPE, 'upload.invalidType', {
    params: { accepted: rule.accepted },
    fields: { file: { key: 'upload.invalidType', params: { accepted: rule.accepted } } },
  });

/** A display name only: no folders, no control characters, bounded length. */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c !== '\u007f' && c !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || fallback;
}

/**
 * Reads exactly one file from the multipart field `file` within the kind's size limit and checks its
 * sniffed type. Other fields are ignored; a second file is 400 TOO_MANY_FILES.
 */
export async function receiveUpload(request: FastifyRequest, kind: UploadKind): Promise<ReceivedFile> {
  const rule = UPLOAD_RULES[kind];
  let received: { part: MultipartFile; data: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: rule.maxBytes, files: 1 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      received = { part, data: await part.toBuffer() };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(rule);
    if (code === 'FST_FILES_LIMIT')
      throw new AppError(400, ERROR_CODES.TOO_MANY_FILES, 'upload.tooManyFiles');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, 'request.multipartRequired');
    }
    // Anything else here is the body itself (busboy: unexpected end of form, malformed part header, ...).
    throw new AppError(400, ERROR_CODES.INVALID_MULTIPART, 'request.invalidMultipart');
  }
  if (!received || received.data.length === 0) {
    throw new AppError(400, ERROR_CODES.FILE_REQUIRED, 'upload.required', {
      fields: { file: { key: 'upload.required' } },
    });
  }
  // loaded on the first upload: file-type is a large module that most starts never need
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = await fileTypeFromBuffer(received.data);
  const extension = sniffed ? rule.types[sniffed.mime] : undefined;
  if (!sniffed || !extension) throw invalidType(rule);
  return {
    name: cleanFileName(received.part.filename, `${kind}.${extension}`),
    type: sniffed.mime,
    data: received.data,
  };
}

/** Stored files are named by 144 random bits, never by anything the client sent. */
export function newFileId(): string {
  return randomBytes(18).toString('base64url');
}
