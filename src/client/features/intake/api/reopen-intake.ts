import { http } from '../../../lib/http';
import type { SaveAnswer } from './types';

/** POST /client-intake/:id/reopen: a submitted record back to a draft (the practitioner confirmed it). */
export function reopenIntake(id: string, version?: number): Promise<SaveAnswer> {
  return http.post<SaveAnswer>(
    `client-intake/${encodeURIComponent(id)}/reopen`,
    version === undefined ? {} : { version },
  );
}
