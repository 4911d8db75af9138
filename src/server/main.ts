import { randomBytes } from 'node:crypto';
import closeWithGrace from 'close-with-grace';
import { removeControlFile, writeControlFile } from './admin/control-file';
import type { buildApp as BuildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirBusyError } from './db/data-dir-lock';
import { databaseOptionsOf, openDatabase } from './db/open-database';

/**
 * Starts the server: reads the configuration, opens the database while the app loads, builds the app,
 * listens, and closes gracefully on signals.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }

  const embedded = !config.databaseUrl;
  // With PGlite only this process may open the data folder; operator commands come in through this secret.
  const adminSecret = embedded ? randomBytes(32).toString('base64url') : undefined;
  // Opening the database (PGlite: seconds) and loading the app (Fastify, routes, the form engine) overlap.
  const database = openDatabase(databaseOptionsOf(config));
  // a failure is reported where buildApp awaits it, not as an unhandled rejection while the app loads
  database.catch(() => undefined);
  let app: Awaited<ReturnType<typeof BuildApp>>;
  try {
    let buildApp: typeof BuildApp;
    try {
      ({ buildApp } = await import('./app'));
    } catch (error) {
      await database.then(
        (opened) => opened.close(),
        () => undefined,
      );
      throw error;
    }
    // from here buildApp owns the database: it closes it when it fails
    app = await buildApp({ config, adminSecret, database });
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      process.stderr.write(`${error.message} Stop it first, or use another DATA_DIR.\n`);
      process.exit(1);
    }
    throw error;
  }

  // past the delay close-with-grace exits anyway: a hung request cannot keep an instance from stopping
  closeWithGrace({ delay: config.shutdownTimeoutMs, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an unexpected error');
    else app.log.info({ signal }, 'closing');
    if (adminSecret) removeControlFile(config.dataDir);
    // In-flight requests finish, new ones get 503, then the database closes (onClose hook).
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  if (adminSecret) {
    const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
    writeControlFile(config.dataDir, { pid: process.pid, url, secret: adminSecret });
  }
  app.log.info(
    {
      database: app.dbKind,
      mail: app.mailer.transport.name,
      requireEmailVerification: config.requireEmailVerification,
      requireApproval: config.requireApproval,
    },
    `listening on ${config.publicUrl}`,
  );
  if (config.production && app.mailer.transport.name === 'outbox') {
    app.log.warn('NODE_ENV=production without SMTP_URL: mail stays in the outbox table and reaches nobody');
  }
}

main().catch((error) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
