import { http } from '../../../lib/http';
import type { UploadedFile } from '../../../stores/auth-store';

/** POST /auth/signup/upload-diploma (multipart `file`), with progress 0..100. */
export async function uploadDiploma(
  file: File,
  onProgress?: (percent: number) => void,
): Promise<UploadedFile> {
  const { file: stored } = await http.upload<{ file: UploadedFile }>(
    'auth/signup/upload-diploma',
    file,
    (f) => onProgress?.(Math.round(f * 100)),
  );
  return stored;
}
