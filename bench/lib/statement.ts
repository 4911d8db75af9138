/** A statement the product server sent, as the raw-SQL references send it again (ADR 133). */
export interface Statement {
  text: string;
  parameters: unknown[];
  /** The name the server prepared it under (ADR 161); the reference prepares it the same way. */
  name?: string;
}

/** A statement as pg's `query` takes it: prepared by its name when the server prepared it. */
export const pgQueryOf = ({ name, text, parameters }: Statement) =>
  name === undefined ? { text, values: parameters } : { name, text, values: parameters };

/** An intake record a captured save can be sent again for: its id, its practitioner and the version it is at. */
export interface CapturedRecord {
  id: string;
  userId: string;
  /** Null: an unversioned save (the load sends one when it has no record to spare). */
  version: number | null;
}

/**
 * A save's statements for another record: the captured record's id, practitioner and version replaced by the
 * other's (every other parameter, the sealed payload included, exactly as captured).
 */
export function forRecord(statements: Statement[], from: CapturedRecord, to: CapturedRecord): Statement[] {
  return statements.map(({ parameters, ...statement }) => ({
    ...statement,
    parameters: parameters.map((value) =>
      value === from.id
        ? to.id
        : value === from.userId
          ? to.userId
          : typeof value === 'number' && value === from.version
            ? to.version
            : value,
    ),
  }));
}
