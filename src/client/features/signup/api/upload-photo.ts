import { http } from '../../../lib/http';
import type { UploadedFile } from '../../../stores/auth-store';

/** POST /auth/signup/upload-photo (multipart `file`), with progress 0..100. */
export async function uploadPhoto(file: File, onProgress?: (percent: number) => void): Promise<UploadedFile> {
  const { file: stored } = await http.upload<{ file: UploadedFile }>('auth/signup/upload-photo', file, (f) =>
    onProgress?.(Math.round(f * 100)),
  );
  return stored;
}
