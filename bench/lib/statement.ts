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
