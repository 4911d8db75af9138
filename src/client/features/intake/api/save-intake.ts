import { http } from '../../../lib/http';
import type { IntakeStatus, SaveAnswer, SectionData } from './types';

export interface SaveInput {
  /** Absent for a record's first save (POST). */
  id?: string;
  /** The section's data key (`demographics`, ...). */
  section: string;
  data: SectionData;
  status: IntakeStatus;
  /** The record version this tab last saw; the server answers 409 if it moved on. */
  version?: number;
}

/** POST /client-intake (no id) or PUT /client-intake/:id with one section. */
export function saveIntake({ id, section, data, status, version }: SaveInput): Promise<SaveAnswer> {
  if (id === undefined) return http.post<SaveAnswer>('client-intake', { [section]: data, status });
  return http.put<SaveAnswer>(`client-intake/${encodeURIComponent(id)}`, {
    id,
    [section]: data,
    status,
    version,
  });
}
