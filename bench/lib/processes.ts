/**
 * Child processes and loopback ports for the benchmarks. Every process is started in its own process group
 * and registered, so the harness stops exactly what it started (by id), also on errors and Ctrl-C.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export const HOST = '127.0.0.1';

/** A free TCP port on loopback, as the kernel hands it out. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Started {
  name: string;
  pid: number;
  child: ChildProcess;
  /** The last lines the process wrote (stdout and stderr), for error messages. */
  output(): string;
  /** SIGTERM to the process group, SIGKILL after `graceMs`; resolves once it exited. */
  stop(graceMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

const running = new Set<Started>();

export interface StartOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

/** Starts a command in its own process group, keeping the tail of its output. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: StartOptions = {},
): Started {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 60) lines.splice(0, lines.length - 60);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.on('error', () => resolve(null));
  });
  const pid = child.pid ?? -1;
  const started: Started = {
    name,
    pid,
    child,
    exited,
    output: () => lines.join('\n'),
    async stop(graceMs = 5000) {
      running.delete(started);
      const deadline = Date.now() + graceMs;
      if (groupAlive(pid)) signalGroup(pid, 'SIGTERM');
      // the leader (npm) may exit before the server below it has closed its database: wait for the group
      while (groupAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      signalGroup(pid, 'SIGKILL');
      await exited;
    },
  };
  running.add(started);
  return started;
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  if (pid <= 0) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** Stops every process this harness started and has not stopped yet. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((p) => p.stop(2000)));
}

/** Runs a command to completion; throws with its output tail on a non-zero exit or after `timeoutMs`. */
export async function runToEnd(
  name: string,
  command: string,
  args: string[],
  options: StartOptions & { timeoutMs: number },
): Promise<string> {
  const started = startProcess(name, command, args, options);
  const timer = setTimeout(() => void started.stop(1000), options.timeoutMs);
  const code = await started.exited;
  clearTimeout(timer);
  running.delete(started);
  if (code !== 0) throw new Error(`${name} failed (exit ${code}):\n${started.output()}`);
  return started.output();
}

/** Milliseconds until `url` first answers `status`, polling every `intervalMs`; throws after `timeoutMs`. */
export async function waitForStatus(
  url: string,
  {
    status = 200,
    timeoutMs = 30_000,
    intervalMs = 20,
    process: proc,
  }: { status?: number; timeoutMs?: number; intervalMs?: number; process?: Started } = {},
): Promise<number> {
  const start = performance.now();
  let exited = false;
  void proc?.exited.then(() => {
    exited = true;
  });
  while (performance.now() - start < timeoutMs) {
    if (exited) throw new Error(`${proc?.name} exited before answering:\n${proc?.output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === status) return performance.now() - start;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(
    `${url} did not answer ${status} within ${timeoutMs} ms${proc ? `:\n${proc.output()}` : ''}`,
  );
}

function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // field 4 (ppid) follows the parenthesised command name
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

/** Resident set size of one process in MB (VmRSS), or NaN when it is gone. */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/** The largest RSS among a process and its descendants: the server itself behind npm, sh and tsx. */
export function largestRssInTree(pid: number): number {
  const queue = [pid];
  let largest = Number.NaN;
  while (queue.length > 0) {
    const current = queue.shift() as number;
    const rss = rssMb(current);
    if (Number.isFinite(rss) && !(rss <= largest)) largest = rss;
    queue.push(...childrenOf(current));
  }
  return largest;
}
