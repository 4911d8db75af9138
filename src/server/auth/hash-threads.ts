import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** One argon2 call, as the worker runs it: `hashSync(password, options)` or `verifySync(stored, password)`. */
export type HashJob = { op: 'hash'; args: [string, object] } | { op: 'verify'; args: [string, string] };

interface Answer {
  id: number;
  value?: string | boolean;
  error?: string;
}

/**
 * The program of a hash thread: argon2's synchronous calls, one job after another, each answered by its id. A
 * job that throws (a malformed stored hash) answers its error; the thread goes on.
 */
export const HASH_THREAD_PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.argon2);
parentPort.on('message', ({ id, op, args }) => {
  let answer;
  try {
    answer = { id, value: op === 'verify' ? argon2.verifySync(...args) : argon2.hashSync(...args) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort.postMessage(answer);
});`;

export interface HashThreads {
  run(job: HashJob): Promise<string | boolean>;
  /** Ends the threads; jobs still waiting are refused. */
  close(): Promise<void>;
}

interface Thread {
  worker: Worker;
  jobs: Map<number, { resolve: (value: string | boolean) => void; reject: (error: Error) => void }>;
  stopped: boolean;
}

/**
 * `count` threads that hash and nothing else (ADR 159). A job goes to the thread with the fewest jobs and waits
 * in its queue, so a thread that finishes a hash starts the next at once, without waiting for the event loop.
 * A thread keeps the process alive only while it has jobs. A thread that stops (it should not) refuses its jobs
 * and is replaced when the next job comes, so a program that cannot start fails each job instead of restarting
 * in a loop. `program` is the worker's source, the argon2 one unless a test gives its own.
 */
export function createHashThreads(count: number, program = HASH_THREAD_PROGRAM): HashThreads {
  const load = createRequire(import.meta.url);
  const workerData = { argon2: load.resolve('@node-rs/argon2') };
  // the native library is loaded here first, so its one-time set-up (its own allocator among it) runs once on
  // this thread rather than in two workers starting side by side; each worker then only registers it
  load(workerData.argon2);
  let nextId = 0;
  let closing = false;

  function start(): Thread {
    const worker = new Worker(program, { eval: true, workerData });
    const thread: Thread = { worker, jobs: new Map(), stopped: false };
    worker.unref();
    worker.on('message', (answer: Answer) => {
      const job = thread.jobs.get(answer.id);
      if (!job) return;
      thread.jobs.delete(answer.id);
      if (thread.jobs.size === 0) worker.unref();
      if (answer.error !== undefined) job.reject(new Error(answer.error));
      else job.resolve(answer.value as string | boolean);
    });
    // an uncaught error ends the thread: its jobs are refused on 'exit', with the error's message
    let failure = '';
    worker.on('error', (error) => {
      failure = `: ${error.message}`;
    });
    worker.on('exit', () => {
      thread.stopped = true;
      const stopped = new Error(closing ? 'the hash threads were closed' : `a hash thread stopped${failure}`);
      for (const job of thread.jobs.values()) job.reject(stopped);
      thread.jobs.clear();
    });
    return thread;
  }

  const threads = Array.from({ length: Math.max(1, count) }, start);

  return {
    run(job) {
      if (closing) return Promise.reject(new Error('the hash threads were closed'));
      threads.forEach((candidate, index) => {
        if (candidate.stopped) threads[index] = start();
      });
      const thread = threads.reduce((least, candidate) =>
        candidate.jobs.size < least.jobs.size ? candidate : least,
      );
      const id = nextId++;
      return new Promise((resolve, reject) => {
        thread.jobs.set(id, { resolve, reject });
        // held by its jobs only: ref'd on the first, unref'd when the last is answered
        if (thread.jobs.size === 1) thread.worker.ref();
        thread.worker.postMessage({ id, ...job });
      });
    },
    async close() {
      closing = true;
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  };
}
