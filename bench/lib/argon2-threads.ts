/**
 * The login row's reference (ADR 159): raw argon2id verifications on one worker thread per core (no more threads
 * than verifications in flight), argon2's synchronous call, each thread taking its next verification as soon as
 * one ends. On 2 cores this answered more verifications a second than argon2's asynchronous call on libuv's
 * pool, which ran four at once.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const { verifySync } = require(workerData.argon2);
parentPort.on('message', () => parentPort.postMessage(verifySync(workerData.stored, workerData.password)));`;

/** Verifications of `password` against `stored` per second, `concurrency` in flight, for `seconds`. */
export async function argon2ThreadsRate(
  stored: string,
  password: string,
  seconds: number,
  concurrency: number,
): Promise<{ rate: number; done: number }> {
  const workerData = { argon2: createRequire(import.meta.url).resolve('@node-rs/argon2'), stored, password };
  const threads = Array.from({ length: Math.min(availableParallelism(), concurrency) }, () => {
    const worker = new Worker(PROGRAM, { eval: true, workerData });
    const waiting: Array<(matched: boolean) => void> = [];
    worker.on('message', (matched: boolean) => waiting.shift()?.(matched));
    const verify = () =>
      new Promise<boolean>((resolve) => {
        waiting.push(resolve);
        worker.postMessage(null);
      });
    return { worker, verify };
  });
  try {
    // each thread started and warm before the clock runs
    for (const thread of threads) {
      if (!(await thread.verify())) throw new Error('the reference verification did not match');
    }
    let done = 0;
    const start = performance.now();
    const end = start + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async (_, i) => {
        const thread = threads[i % threads.length]!;
        while (performance.now() < end) {
          await thread.verify();
          done++;
        }
      }),
    );
    return { rate: done / ((performance.now() - start) / 1000), done };
  } finally {
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }
}
