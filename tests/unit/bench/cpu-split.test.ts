// @vitest-environment node
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { perRequest, withCpu } from '../../../bench/lib/cpu';

/** Burns `ms` milliseconds of this process's CPU (not of the clock: a busy machine may preempt it). */
function spin(ms: number): void {
  const start = process.cpuUsage();
  const used = () => {
    const { user, system } = process.cpuUsage(start);
    return (user + system) / 1000;
  };
  while (used() < ms) Math.sqrt(Math.random());
}

/**
 * Section 4 says which process spends a load's time (ADR 151): the meter it reads them with. Its sleeps are the
 * thing measured (wall time in which a child burns CPU and this process does not), not waits for an event.
 */
describe('CPU split of a round (Linux /proc)', () => {
  it('counts a busy server process as the server and this process as the bench, each apart', async () => {
    // a "server" that burns CPU from the moment it starts until it is killed
    const server = spawn(process.execPath, ['-e', 'for(;;){Math.sqrt(Math.random())}'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const { value, cpu } = await withCpu(server.pid, async () => {
        spin(300);
        await new Promise((resolve) => setTimeout(resolve, 300));
        return 'done';
      });
      expect(value).toBe('done');
      // the child spun through the round's 300 ms or more of wall time, however busy the machine (10 ms ticks)
      expect(cpu.server).toBeGreaterThan(0.05);
      // this process burnt 300 ms of CPU, then slept: the child's time is not counted as its own
      expect(cpu.bench).toBeGreaterThanOrEqual(0.3);
      expect(cpu.bench).toBeLessThan(0.5);
    } finally {
      server.kill();
      await once(server, 'exit');
    }
  });

  it('does not subtract a process that ended during the round (a backend whose pool let it go)', async () => {
    const server = spawn(process.execPath, ['-e', 'for(;;){Math.sqrt(Math.random())}'], { stdio: 'ignore' });
    // it runs up CPU before the round, then ends in it
    await new Promise((resolve) => setTimeout(resolve, 400));
    const { cpu } = await withCpu(server.pid, async () => {
      server.kill();
      await once(server, 'exit');
    });
    expect(cpu.server).toBe(0);
    expect(cpu.database).toBeGreaterThanOrEqual(0);
  });

  it('without a server, counts none', async () => {
    const { cpu } = await withCpu(undefined, async () => spin(50));
    expect(cpu.server).toBe(0);
    expect(cpu.bench).toBeGreaterThanOrEqual(0.05);
  });

  it('gives milliseconds per request over all rounds', () => {
    const split = perRequest([
      { cpu: { server: 1, database: 0.5, bench: 0.25 }, requests: 1000 },
      { cpu: { server: 3, database: 1.5, bench: 0.75 }, requests: 3000 },
    ]);
    expect(split).toEqual({ server: 1, database: 0.5, bench: 0.25, total: 1.75 });
  });
});
