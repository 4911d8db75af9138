/**
 * Operator commands: `npm run admin -- <command> [arguments]` (list, show, approve, ...; see ADMIN_USAGE).
 * On PostgreSQL the database is opened directly. On PGlite only one process may open DATA_DIR: when a
 * server runs on it, the command goes to that server's local admin endpoint; otherwise it opens the folder.
 */
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadEngine } from '../src/forms/node';
import { DATA_KEY_REMINDER, restoreBackup } from '../src/server/admin/backup';
import {
  ADMIN_USAGE,
  AdminCommandError,
  type AdminResult,
  runAdminCommand,
} from '../src/server/admin/commands';
import { readControlFile } from '../src/server/admin/control-file';
import { queuedReviewMailer } from '../src/server/admin/review-mail';
import { ConfigError, loadConfig } from '../src/server/config';
import { resolveDataKey } from '../src/server/crypto/data-key';
import { deriveDataKeys } from '../src/server/crypto/encryption';
import { DataDirBusyError, lockHolder } from '../src/server/db/data-dir-lock';
import { openDatabase } from '../src/server/db/open-database';
import { type Translator, translatorFor } from '../src/server/i18n';

class Failure extends Error {}

async function viaServer(url: string, secret: string, args: string[]): Promise<AdminResult> {
  const response = await fetch(`${url}/api/admin/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-secret': secret },
    body: JSON.stringify({ args }),
  });
  const body = (await response.json()) as {
    output?: string;
    message?: string;
    diploma?: { name: string; type: string; base64: string };
  };
  if (!response.ok)
    throw new Failure(body.output ?? body.message ?? `The server answered ${response.status}.`);
  return {
    output: body.output ?? '',
    diploma: body.diploma && {
      name: body.diploma.name,
      type: body.diploma.type,
      data: Buffer.from(body.diploma.base64, 'base64'),
    },
  };
}

/** The mail texts, read from locales/ only when a command mails (approve, reject). */
function lazyMailTranslator(): Translator {
  let t: Translator | undefined;
  return (lang, key, params) => {
    t ??= translatorFor(loadEngine(), 'mail');
    return t(lang, key, params);
  };
}

async function direct(config: ReturnType<typeof loadConfig>, args: string[]): Promise<AdminResult> {
  const opened = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    dataKey: () => resolveDataKey(config.dataKey, config.dataDir),
  });
  try {
    const keys = deriveDataKeys(resolveDataKey(config.dataKey, config.dataDir));
    // the review mails are queued here and sent by a server's delivery round, as every other mail
    const mail = queuedReviewMailer(opened.db, lazyMailTranslator(), config);
    return await runAdminCommand({ db: opened.db, keys, retention: config.retention, mail }, args);
  } finally {
    await opened.close();
  }
}

/** Restores into a database no server uses; the data key must already be in place (ADR 053). */
async function restore(
  config: ReturnType<typeof loadConfig>,
  file: string | undefined,
): Promise<AdminResult> {
  if (!file || !existsSync(file))
    throw new Failure(`restore needs the file a backup wrote (got "${file ?? ''}").`);
  if (!config.databaseUrl) {
    const holder = lockHolder(config.dataDir);
    if (holder !== undefined) {
      throw new Failure(
        `A server (process ${holder}) is running on ${config.dataDir}. Stop it before restoring: a restore ` +
          'replaces the data under it.',
      );
    }
  }
  if (!config.dataKey && !existsSync(path.join(config.dataDir, 'data.key'))) {
    throw new Failure(
      `No data key: copy the data.key kept with the backup into ${config.dataDir} (or set DATA_KEY). ${DATA_KEY_REMINDER}`,
    );
  }
  const opened = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    dataKey: () => resolveDataKey(config.dataKey, config.dataDir),
  });
  try {
    const keys = deriveDataKeys(resolveDataKey(config.dataKey, config.dataDir));
    return await restoreBackup(opened.db, keys, file);
  } finally {
    await opened.close();
  }
}

async function run(args: string[]): Promise<AdminResult> {
  const config = loadConfig();
  // paths are the operator's, whichever process writes the file
  if (args[0] === 'backup' && args[1]) args[1] = path.resolve(args[1]);
  if (args[0] === 'restore') return restore(config, args[1] && path.resolve(args[1]));
  if (config.databaseUrl) return direct(config, args);
  const holder = lockHolder(config.dataDir);
  if (holder !== undefined) {
    const control = readControlFile(config.dataDir);
    if (!control || control.pid !== holder) {
      throw new Failure(
        `The database in ${config.dataDir} is held by process ${holder}, which is not a listening server ` +
          '(starting up, or another admin command). Try again in a moment.',
      );
    }
    return viaServer(control.url, control.secret, args);
  }
  try {
    return await direct(config, args);
  } catch (error) {
    if (error instanceof DataDirBusyError) throw new Failure(`${error.message} Try again in a moment.`);
    throw error;
  }
}

function saveDiploma(email: string, diploma: NonNullable<AdminResult['diploma']>): string {
  const extension = path.extname(diploma.name) || `.${diploma.type.split('/')[1] ?? 'bin'}`;
  const safe = email.replace(/[^a-zA-Z0-9.@_-]/g, '_');
  const file = path.join(os.tmpdir(), `diploma-${safe}${extension}`);
  writeFileSync(file, diploma.data, { mode: 0o600 });
  return file;
}

const args = process.argv.slice(2);
if (args.length === 0 || ['help', '--help', '-h'].includes(args[0]!)) {
  process.stdout.write(`${ADMIN_USAGE}\n`);
  process.exit(args.length === 0 ? 2 : 0);
}
try {
  const result = await run(args);
  process.stdout.write(`${result.output}\n`);
  if (result.diploma) {
    const file = saveDiploma(args[1] ?? 'account', result.diploma);
    process.stdout.write(`  diploma saved to:     ${file}\n  open it with: xdg-open ${file}\n`);
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof AdminCommandError || error instanceof Failure) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
