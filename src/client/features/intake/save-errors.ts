/** What a failed save means for the screen; one place that reads the API's statuses and codes. */

import { ERROR_CODES } from '../../../shared';
import { isApiError } from '../../lib/api-error';

export type SaveFailure =
  /** Another version was saved elsewhere: the user chooses (ADR 031). */
  | 'conflict'
  /** The record was submitted (elsewhere): changes need a reopen (ADR 060). */
  | 'submitted'
  /** A submit refused: sections are not complete (422). */
  | 'incomplete'
  /** No answer, the server failing, or being asked to wait: worth retrying. */
  | 'transient'
  /** Refused as it is (400, 404...): not sent again until it changes. */
  | 'refused';

export function saveFailure(error: unknown): SaveFailure {
  if (!isApiError(error) || error.status === 0 || error.status === 429 || error.status >= 500)
    return 'transient';
  if (error.status === 409) return error.code === ERROR_CODES.INTAKE_SUBMITTED ? 'submitted' : 'conflict';
  if (error.status === 422 && error.code === ERROR_CODES.INTAKE_INCOMPLETE) return 'incomplete';
  return 'refused';
}
