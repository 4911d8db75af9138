import { ERROR_CODES, type IntakeWhereItStands } from '../../shared';
import { AppError } from '../errors';
import type { IntakeMeta } from './store';

const whereItStands = (current: IntakeMeta): IntakeWhereItStands => ({
  updatedAt: current.updatedAt.toISOString(),
  version: current.version,
  status: current.status,
});

/**
 * The intake's own refusals; their messages are in the `intake` namespace (ADR 031), their bodies carry where
 * the record stands or what is missing (ADR 060, 116).
 */
export const intakeErrors = {
  /** 409 CONFLICT: the record moved on since the client read it. */
  conflict: (current: IntakeMeta) =>
    new AppError(409, ERROR_CODES.CONFLICT, 'api.conflict', {
      namespace: 'intake',
      extra: { ...whereItStands(current) },
    }),

  /** 409 INTAKE_SUBMITTED: the record changes only after an explicit reopen (ADR 060). */
  submitted: (current: IntakeMeta) =>
    new AppError(409, ERROR_CODES.INTAKE_SUBMITTED, 'api.submitted', {
      namespace: 'intake',
      extra: { ...whereItStands(current) },
    }),

  /** 422 INTAKE_INCOMPLETE: section key -> (field path -> message); nothing was written. */
  incomplete: (sections: Record<string, Record<string, string>>) => {
    const fields: Record<string, string> = {};
    for (const [section, own] of Object.entries(sections)) {
      for (const [path, message] of Object.entries(own))
        fields[path ? `${section}.${path}` : section] = message;
    }
    // `fields` are the engine's messages, already translated; they follow `sections` in the answer
    return new AppError(422, ERROR_CODES.INTAKE_INCOMPLETE, 'api.incomplete', {
      namespace: 'intake',
      extra: { sections, fields },
    });
  },
};
