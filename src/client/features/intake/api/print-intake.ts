import { http } from '../../../lib/http';

/** POST /client-intake/:id/print: the print view is recorded in the access history before it opens. */
export function recordPrint(id: string): Promise<void> {
  return http.post<void>(`client-intake/${encodeURIComponent(id)}/print`);
}
