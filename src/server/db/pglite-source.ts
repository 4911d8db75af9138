import type { PGlite } from '@electric-sql/pglite';
import { DatabaseUnavailableError } from './unavailable';

/** Opens the embedded database in a folder (PGlite.create). */
export type PGliteOpener = () => Promise<PGlite>;

/** Tries to reopen at most this often while the embedded database stays broken. */
const REOPEN_PAUSE_MS = 1000;

/**
 * The embedded database of this process, reopened from its folder when it fails (closed under us, or its
 * WebAssembly aborted): meanwhile callers get DatabaseUnavailableError (503), then the same process goes on.
 */
export class PGliteSource {
  #current: PGlite | undefined;
  #reopening: Promise<void> | undefined;
  #lastAttempt = 0;
  #closed = false;

  constructor(
    initial: PGlite,
    private readonly open: PGliteOpener,
    private readonly onReopen: (error?: unknown) => void = () => {},
  ) {
    this.#current = initial;
  }

  /** The database to query now, or DatabaseUnavailableError while it is being reopened. */
  get(): PGlite {
    const current = this.#current;
    if (current && !current.closed) return current;
    this.#reopen();
    throw new DatabaseUnavailableError('the embedded database is being reopened');
  }

  /** A query failed: if the database itself is broken (not the query), drop it so the next get() reopens. */
  failed(pglite: PGlite, error: unknown): void {
    if (this.#current !== pglite) return;
    if (pglite.closed || error instanceof WebAssembly.RuntimeError) {
      this.#current = undefined;
      pglite.close().catch(() => undefined);
      this.#reopen();
    }
  }

  #reopen(): void {
    if (this.#closed || this.#reopening || Date.now() - this.#lastAttempt < REOPEN_PAUSE_MS) return;
    this.#lastAttempt = Date.now();
    this.#current = undefined;
    this.#reopening = this.open().then(
      (pglite) => {
        this.#reopening = undefined;
        if (this.#closed) return pglite.close();
        this.#current = pglite;
        this.onReopen();
      },
      (error: unknown) => {
        this.#reopening = undefined;
        this.onReopen(error);
      },
    );
  }

  /** The database as it is now, for tests that break it. */
  get current(): PGlite | undefined {
    return this.#current;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#reopening;
    const current = this.#current;
    this.#current = undefined;
    if (current && !current.closed) await current.close();
  }
}
