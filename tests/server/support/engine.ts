import { loadEngine } from '../../../src/forms/node';

/** One engine for tests that need translations without a server. */
export const engine = loadEngine();
