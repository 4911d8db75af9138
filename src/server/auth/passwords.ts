import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

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
}

/** Runs at most `max` tasks at once; the others wait in arrival order. */
export function createSemaphore(max: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * Hashes at once: no more than the cores, so on a small machine the event loop competes with fewer hash
 * threads than libuv's four, and logins still use every core (ADR 016).
 */
export function hashConcurrency(cores = availableParallelism()): number {
  return Math.max(1, cores);
}

export async function createPasswords(
  cost: HashCost = PRODUCTION_HASH_COST,
  concurrency = hashConcurrency(),
): Promise<Passwords> {
  const options = { algorithm: ARGON2ID, ...cost };
  const limit = createSemaphore(concurrency);
  const dummyHash = await hash('dummy password that never matches', options);
  const passwords: Passwords = {
    cost,
    hash: (password) => limit(() => hash(password, options)),
    async verify(passwordHash, password) {
      try {
        return await limit(() => verify(passwordHash, password));
      } catch {
        return false;
      }
    },
    async verifyDummy(password) {
      await passwords.verify(dummyHash, password);
      return false;
    },
  };
  return passwords;
}
