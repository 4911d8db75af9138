import { http } from '../../../lib/http';
import { saveFile } from '../../../lib/save-file';

/** GET /client-intake/:id/export: the one client's record as a JSON file (a guardian's access request). */
export async function exportIntake(id: string): Promise<void> {
  saveFile(await http.download(`client-intake/${encodeURIComponent(id)}/export`, `client-${id}.json`));
}
