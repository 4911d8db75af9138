import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { saveFile } from '../../../lib/save-file';

/** GET /account/export: the whole archive, handed to the browser's download. */
export async function exportMyData(): Promise<void> {
  saveFile(await http.download('account/export', 'my-data.zip'));
}

export function useExportMyData() {
  return useMutation({ mutationFn: exportMyData });
}
