import type { DownloadedFile } from './http';

/** Hands a downloaded file to the browser's own download, under the name the server gave it. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // the browser has taken the file once click() returned; a moment later the URL can go
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
