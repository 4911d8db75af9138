import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';

import type { PGliteSource } from './pglite-source';

/** A Kysely dialect over one in-process PGlite database (reopened by its source when it fails). */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGliteSource) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  // PGlite is a single connection: callers queue here, so a transaction owns it until it ends.
  #queue: Promise<void> = Promise.resolve();

  constructor(private readonly source: PGliteSource) {
    this.#connection = new PGliteConnection(source);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.#queue;
    this.#queue = new Promise((resolve) => {
      release = resolve;
    });
    await previous;
    try {
      this.#connection.pglite = this.source.get();
    } catch (error) {
      release();
      throw error;
    }
    this.#connection.release = release;
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).end(true);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).end(false);
  }

  async releaseConnection(connection: DatabaseConnection) {
    (connection as PGliteConnection).release();
  }

  async destroy() {
    await this.#queue;
  }
}

interface OpenTransaction {
  tx: Transaction;
  decide: (commit: boolean) => void;
  finished: Promise<void>;
}

class PGliteConnection implements DatabaseConnection {
  release: () => void = () => {};
  /** The database of the current lease (the source may have reopened it since the last one). */
  pglite!: PGlite;
  #open: OpenTransaction | undefined;

  constructor(private readonly source: PGliteSource) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.#open?.tx ?? this.pglite;
    let result: Results<R>;
    try {
      result = await target.query<R>(compiled.sql, [...compiled.parameters], { rowMode: 'object' });
    } catch (error) {
      this.source.failed(this.pglite, error);
      throw error;
    }
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not used by this application
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not support streaming');
  }

  /** Runs PGlite's own transaction() and keeps it open until Kysely commits or rolls back. */
  async begin() {
    let started!: (tx: Transaction) => void;
    const ready = new Promise<Transaction>((resolve) => {
      started = resolve;
    });
    let decide!: (commit: boolean) => void;
    const decision = new Promise<boolean>((resolve) => {
      decide = resolve;
    });
    const finished = this.pglite.transaction(async (tx) => {
      started(tx);
      if (!(await decision)) await tx.rollback();
    });
    // A failure to start rejects `finished` before `ready` resolves; later failures surface in end().
    const failed = finished.then(() => new Promise<never>(() => {}));
    failed.catch(() => {});
    let tx: Transaction;
    try {
      tx = await Promise.race([ready, failed]);
    } catch (error) {
      this.source.failed(this.pglite, error);
      throw error;
    }
    this.#open = { tx, decide, finished };
  }

  async end(commit: boolean) {
    const open = this.#open;
    this.#open = undefined;
    if (!open) return;
    open.decide(commit);
    await open.finished;
  }
}
