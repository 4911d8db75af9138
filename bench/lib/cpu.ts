/**
 * Where a load's time goes (ADR 151): the CPU seconds the product server, a local PostgreSQL and this process (the
 * load generator, or the reference's driver) used while it ran, read from /proc on Linux. A ratio to a reference
 * says how far apart the two are; this says which process spends the difference.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ, the same on every mainstream architecture). */
const TICKS_PER_SECOND = 100;

function processes(): string[] {
  try {
    return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
}

/** utime + stime of a process in seconds, with its parent's pid and its name; undefined once it ended. */
function statOf(pid: string): { seconds: number; ppid: number; name: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    // fields after the parenthesised name: state, ppid, ... utime (14th of the line), stime (15th)
    const fields = stat.slice(close + 2).split(' ');
    return {
      seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
      ppid: Number(fields[1]),
      name: stat.slice(stat.indexOf('(') + 1, close),
    };
  } catch {
    return undefined;
  }
}

type Snapshot = Map<number, { seconds: number; ppid: number; name: string }>;

function snapshot(): Snapshot {
  const stats: Snapshot = new Map();
  for (const entry of processes()) {
    const stat = statOf(entry);
    if (stat) stats.set(Number(entry), stat);
  }
  return stats;
}

/** `pid` and its descendants (the server behind npm, sh or tsx). */
function treeOf(stats: Snapshot, pid: number): Set<number> {
  const tree = new Set([pid]);
  // parents come before their children in /proc's numbering only usually: repeat until nothing is added
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, stat] of stats) {
      if (!tree.has(child) && tree.has(stat.ppid)) {
        tree.add(child);
        grew = true;
      }
    }
  }
  return tree;
}

/**
 * CPU seconds the processes `which` picks out of the later snapshot used since the earlier one; a process that
 * started in between counts from nothing. One that ended in between is not seen (a pool closing an idle
 * connection ends its PostgreSQL backend): its last seconds are not counted, rather than subtracted.
 */
function usedBetween(
  before: Snapshot,
  after: Snapshot,
  which: (pid: number, name: string) => boolean,
): number {
  let seconds = 0;
  for (const [pid, stat] of after) {
    if (which(pid, stat.name)) seconds += stat.seconds - (before.get(pid)?.seconds ?? 0);
  }
  return seconds;
}

/** CPU seconds each side used during one piece of work. */
export interface CpuSplit {
  /** The product server's process tree (0 for a reference without one). */
  server: number;
  /** Every process named `postgres` on this machine: a local PostgreSQL's backends and helpers. */
  database: number;
  /** This process: the load generator for ours, the driver (and PGlite itself) for a raw reference. */
  bench: number;
}

export async function withCpu<T>(
  serverPid: number | undefined,
  work: () => Promise<T>,
): Promise<{ value: T; cpu: CpuSplit }> {
  const before = snapshot();
  const own = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(own);
  const after = snapshot();
  const tree = serverPid === undefined ? new Set<number>() : treeOf(after, serverPid);
  return {
    value,
    cpu: {
      server: usedBetween(before, after, (pid) => tree.has(pid)),
      database: usedBetween(before, after, (_pid, name) => name === 'postgres'),
      bench: (used.user + used.system) / 1e6,
    },
  };
}

/** Milliseconds of CPU per request on each side, over rounds. */
export function perRequest(rounds: Array<{ cpu: CpuSplit; requests: number }>): CpuSplit & { total: number } {
  const requests = rounds.reduce((sum, round) => sum + round.requests, 0);
  const sum = (key: keyof CpuSplit) => rounds.reduce((total, round) => total + round.cpu[key], 0);
  const ms = (seconds: number) => (requests > 0 ? (seconds * 1000) / requests : Number.NaN);
  const split = { server: ms(sum('server')), database: ms(sum('database')), bench: ms(sum('bench')) };
  return { ...split, total: split.server + split.database + split.bench };
}
