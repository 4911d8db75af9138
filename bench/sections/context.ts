/** What every benchmark section gets from the harness. */
export interface BenchContext {
  /** `--quick`: a few seconds per figure, so CI keeps the harness working. */
  quick: boolean;
  /** The repository root. */
  root: string;
  /** Scratch output of this run (builds, temp data folders), under bench/.out. */
  outDir: string;
  /** PostgreSQL to benchmark on, or undefined (its rows then say 'not run'). */
  databaseUrl: string | undefined;
  log(message: string): void;
}
