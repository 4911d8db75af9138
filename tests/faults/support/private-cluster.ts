import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withClient } from '../../../scripts/postgres-client';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Why a private PostgreSQL cannot be made here, or undefined when it can (root, and the binaries exist). */
export function whyNoPrivateCluster(): string | undefined {
  if (!existsSync(path.join(BIN, 'initdb')) || !existsSync(path.join(BIN, 'pg_ctl')))
    return `PostgreSQL binaries not found in ${BIN} (apt-get install -y postgresql, or set PG_BIN)`;
  if (process.getuid?.() !== 0)
    return 'the fault suite must run as root: it starts its own PostgreSQL as the postgres user (runuser)';
  try {
    execFileSync('id', ['-u', 'postgres']);
  } catch {
    return 'there is no postgres user to run the private PostgreSQL as';
  }
  return undefined;
}

function asPostgres(command: string, args: string[]) {
  return execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, command), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
}

export interface ClusterInfo {
  dir: string;
  port: number;
}

/**
 * A PostgreSQL of the suite's own, in a temporary folder on its own port, that the tests may stop and start
 * (the shared cluster on 5432 must never be). Trust authentication: it listens on 127.0.0.1 only.
 */
export function createPrivateCluster(port: number): ClusterInfo {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'faults-pg-'));
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(dir, uid, gid);
  asPostgres('initdb', [
    '-D',
    path.join(dir, 'data'),
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  writeFileSync(
    path.join(dir, 'data', 'postgresql.auto.conf'),
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      // durability of the cluster itself is not under test (it is stopped cleanly): spare the shared disk
      'fsync = off',
      'max_connections = 100',
      '',
    ].join('\n'),
  );
  chownSync(path.join(dir, 'data', 'postgresql.auto.conf'), uid, gid);
  const info = { dir, port };
  startCluster(info);
  return info;
}

export function startCluster(info: ClusterInfo) {
  asPostgres('pg_ctl', ['-D', path.join(info.dir, 'data'), '-l', path.join(info.dir, 'log'), '-w', 'start']);
}

/** A fast stop, as `pg_ctlcluster 15 main stop -m fast` (a minor upgrade, a failover) does. */
export function stopCluster(info: ClusterInfo) {
  asPostgres('pg_ctl', ['-D', path.join(info.dir, 'data'), '-m', 'fast', '-w', 'stop']);
}

export function removeCluster(info: ClusterInfo) {
  try {
    stopCluster(info);
  } catch {
    // already stopped
  }
  rmSync(info.dir, { recursive: true, force: true });
}

export const clusterUrl = (info: ClusterInfo, database = 'postgres') =>
  `postgres://postgres@127.0.0.1:${info.port}/${database}`;

/** A fresh database on the cluster for one test: its own tables, counters and sessions. */
export async function createDatabase(info: ClusterInfo): Promise<string> {
  const name = `faults_${Math.random().toString(36).slice(2, 10)}`;
  await withClient(clusterUrl(info), (client) => client.query(`create database ${name}`));
  return clusterUrl(info, name);
}

/** Ends every connection to the database but our own, as an operator's pg_terminate_backend would. */
export async function terminateBackends(databaseUrl: string): Promise<number> {
  const { rows } = await withClient(databaseUrl, (client) =>
    client.query(
      'select pg_terminate_backend(pid) as done from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    ),
  );
  return rows.filter((row) => row.done).length;
}
