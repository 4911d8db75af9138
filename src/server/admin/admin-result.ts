/** What an operator command answers. */
export interface AdminResult {
  output: string;
  /** `show` hands over the diploma; the command line writes it to a file and prints the path. */
  diploma?: { name: string; type: string; data: Buffer };
}

/** A command that cannot be done as asked; its message is for the operator. */
export class AdminCommandError extends Error {}
