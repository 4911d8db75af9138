import type { UploadedFile, UploadOptions } from '../../forms/form-context';

/** A pretend upload for the preview: progress over about a second, then a made-up file id. */
export function fakeUpload(file: File, { onProgress, signal }: UploadOptions): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    let percent = 0;
    const timer = setInterval(() => {
      percent += 20;
      onProgress?.(percent);
      if (percent >= 100) {
        clearInterval(timer);
        resolve({ id: `preview-${Date.now()}`, name: file.name, size: file.size, type: file.type });
      }
    }, 200);
    signal?.addEventListener('abort', () => {
      clearInterval(timer);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });
}
