/** The cached record after a save: every screen (tabs, list, summary) reads the same answer. */
import type { FormRef } from '../../../shared';
import type { IntakeRecord, SaveAnswer, SectionData } from './api/types';
import { withSavedStates } from './section-state';

/** The record as it is after `answer` stored `data` as the section `key` (filled against `form`). */
export function recordAfterSave(
  old: IntakeRecord | undefined,
  answer: SaveAnswer,
  key: string,
  form: FormRef,
  data: SectionData,
): IntakeRecord {
  return {
    ...(old ?? { id: answer.id, createdAt: answer.updatedAt, submittedAt: null, forms: {} }),
    [key]: data,
    forms: { ...(old?.forms ?? {}), [key]: form },
    sectionStates: withSavedStates(old?.sectionStates, answer.sectionStates),
    id: answer.id,
    status: answer.status,
    version: answer.version,
    updatedAt: answer.updatedAt,
    submittedAt: answer.status === 'submitted' ? answer.updatedAt : (old?.submittedAt ?? null),
  } as IntakeRecord;
}
