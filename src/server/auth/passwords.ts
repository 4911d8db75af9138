import { availableParallelism } from 'node:os';
import { createHashThreads } from './hash-threads';

// Algorithm.Argon2id of @node-rs/argon2 (an ambient const enum, which isolatedModules cannot read).
const ARGON2ID = 2;

/** OWASP's argon2id minimum: 19 MiB memory, 2 iterations, 1 lane. */
export const PRODUCTION_HASH_COST = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export interface HashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface Passwords {
  readonly cost: HashCost;
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Costs one verification against a fixed hash: unknown e-mails take as long as known ones. */
  verifyDummy(password: string): Promise<false>;
  /** Ends the hash threads (the app's close). */
  close(): Promise<void>;
}

/** At most this many hash threads: libuv's four, the limit before ADR 159; each thread is a V8 isolate. */
const MAX_HASH_THREADS = 4;

/**
 * Hash threads: one per core up to four, so logins use every core of a small machine, the event loop competes
 * with no more hash threads than there are cores, and a large machine does not start a thread per core
 * (ADR 016, ADR 159).
 */
export function hashConcurrency(cores = availableParallelism()): number {
  return Math.min(MAX_HASH_THREADS, Math.max(1, cores));
}

/**
 * argon2id on threads of its own (ADR 159); the start-up hash (the dummy for unknown e-mails) is the threads'
 * first job. `close` ends the threads.
 */
export async function createPasswords(
  cost: HashCost = PRODUCTION_HASH_COST,
  concurrency = hashConcurrency(),
): Promise<Passwords> {
  const options = { algorithm: ARGON2ID, ...cost };
  const threads = createHashThreads(concurrency);
  const hash = async (password: string) =>
    (await threads.run({ op: 'hash', args: [password, options] })) as string;
  let dummyHash: string;
  try {
    dummyHash = await hash('dummy password that never matches');
  } catch (error) {
    await threads.close();
    throw error;
  }
  const passwords: Passwords = {
    cost,
    hash,
    async verify(passwordHash, password) {
      try {
        return (await threads.run({ op: 'verify', args: [passwordHash, password] })) === true;
      } catch {
        return false;
      }
    },
    async verifyDummy(password) {
      await passwords.verify(dummyHash, password);
      return false;
    },
    close: () => threads.close(),
  };
  return passwords;
}
