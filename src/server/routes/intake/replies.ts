import type { IntakeSaveView, SectionState } from '../../../shared';
import type { IntakeMeta } from '../../intake/store';

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
