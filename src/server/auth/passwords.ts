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

export async function createPasswords(cost: HashCost = PRODUCTION_HASH_COST): Promise<Passwords> {
  const options = { algorithm: ARGON2ID, ...cost };
  const dummyHash = await hash('dummy password that never matches', options);
  const passwords: Passwords = {
    cost,
    hash: (password) => hash(password, options),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
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
