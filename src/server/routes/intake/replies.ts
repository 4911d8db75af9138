import { type IntakeSaveView, isUuid, type SectionState } from '../../../shared';
import { notFound } from '../../errors';
import type { IntakeMeta } from '../../intake/store';

/** An id that cannot exist is simply not found (and never reaches a uuid column). */
export function assertIntakeId(id: string): void {
  if (!isUuid(id)) throw notFound();
}

/** The answer of every save: `{ id, updatedAt, version, status, sectionStates? }`. */
export function savedView(
  record: IntakeMeta & { sectionStates?: Record<string, SectionState> },
): IntakeSaveView {
  return {
    id: record.id,
    updatedAt: record.updatedAt.toISOString(),
    version: record.version,
    status: record.status,
    ...(record.sectionStates ? { sectionStates: record.sectionStates } : {}),
  };
}
