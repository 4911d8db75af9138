import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Engine } from '../forms/engine';
import { loadEngine, loadQuestionnaireCatalog } from '../forms/node';
import type { QuestionnaireCatalog } from '../forms/questionnaires';
import { createPasswords, type HashCost } from './auth/passwords';
import { createSessions } from './auth/sessions';
import { type Config, loadConfig } from './config';
import { resolveDataKey } from './crypto/data-key';
import { deriveDataKeys } from './crypto/encryption';
import { databaseOptionsOf, type OpenedDatabase, openDatabase } from './db/open-database';
import { negotiateLanguage, translatorFor } from './i18n';
import { lazySchemaCompilers } from './lazy-schema-compilers';
import { chooseLogFormat } from './log-format';
import { loggerOptions } from './logging';
import { createMailer } from './mail/mailer';
import type { MailTransport } from './mail/message';
import { outboxTransport } from './mail/outbox-transport';
import { smtpTransport } from './mail/smtp-transport';
import { registerClient } from './plugins/client';
import { registerDraining } from './plugins/draining';
import { registerErrorHandling } from './plugins/errors';
import { registerApiDocs, registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders, securityHeaderOptions } from './plugins/security-headers';
import { registerWriteGuard } from './plugins/write-guard';
import { runPurge } from './privacy/purge-job';
import type { RespondRenderer } from './respond-page/respond-page';
import { accountRoutes } from './routes/account';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { configRoutes } from './routes/config';
import { devOutboxRoutes } from './routes/dev-outbox';
import { fileRoutes } from './routes/files';
import { healthRoutes } from './routes/health';
import { intakeRoutes } from './routes/intake';
import { linkRoutes } from './routes/links';
import { questionnaireRoutes } from './routes/questionnaires';
import { reportRoutes } from './routes/reports';
import { respondRoutes } from './routes/respond';
import { scheduleRoutes } from './routes/schedules';
import { createLimiter, DEFAULT_LIMITS, type Limits } from './security/limiter';
import { createServices } from './services';
import { MAX_UPLOAD_BYTES } from './storage/uploads';
import './types';

export interface BuildAppOptions {
  /** Defaults to loadConfig() (the environment). */
  config?: Config;
  /** Defaults to the engine over the repository's schemas/ and locales/ (or schemasDir and localesDir). */
  engine?: Engine;
  /** Defaults to the questionnaires of the repository's schemas/ (or schemasDir). */
  questionnaires?: QuestionnaireCatalog;
  /** Folders to read forms and texts from instead of the repository's (a test's copy with a new questionnaire). */
  schemasDir?: string;
  localesDir?: string;
  /** false: no logging; or a level and a stream (tests capture the log). Defaults to stdout at LOG_LEVEL, pretty at a terminal outside production. */
  logger?: false | { level?: string; stream?: DestinationStream };
  /** Override rate limits (tests); production uses DEFAULT_LIMITS. */
  limits?: Partial<Limits>;
  /** Mail transport override (tests); by default the outbox, or SMTP when SMTP_URL is set. */
  mailTransport?: MailTransport;
  /** Secret accepted by the local admin endpoint (see ADR 013); no endpoint without it. */
  adminSecret?: string;
  /** Folder of the built client; defaults to dist/client. */
  clientDir?: string;
  /** Draws the respondent's page (tests: the source module); the build's by default, `false` for none. */
  respondRenderer?: RespondRenderer | false;
  /**
   * TEST ONLY: a lower argon2 cost so the suite stays fast. Not read from the environment, so a deployment
   * cannot set it; main.ts never passes it.
   */
  unsafeTestHashCost?: HashCost;
  /**
   * The database, already opening (main.ts opens it while the app loads; ADR 018); buildApp closes it.
   * Defaults to opening the configured one.
   */
  database?: Promise<OpenedDatabase>;
  /** false: no scheduled purge in this instance (tests run it themselves with a moved clock). */
  purgeSchedule?: false;
  /** false: no schedule sender in this instance (tests run it themselves with a moved clock). */
  scheduleSender?: false;
  /** TEST ONLY: the clock respondent links read (expiry); defaults to the real time. */
  clock?: () => Date;
}

/** Builds the whole server (plugins, database, routes) without listening: tests call app.inject(). */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig();
  // a developer's terminal (never production): the only log that may show a mailed link (ADR 104)
  const toTerminal =
    options.logger === undefined && chooseLogFormat(config.nodeEnv, process.stdout.isTTY) === 'pretty';
  const logger: FastifyServerOptions['logger'] =
    options.logger === false
      ? false
      : ({
          ...loggerOptions(options.logger?.level ?? config.logLevel),
          stream:
            options.logger?.stream ??
            (toTerminal ? (await import('./log-pretty')).prettyStream() : undefined),
        } as FastifyServerOptions['logger']);

  const schemas = lazySchemaCompilers();
  const app = Fastify({
    logger,
    schemaController: schemas.schemaController,
    bodyLimit: 100 * 1024,
    trustProxy: config.trustProxy,
    requestTimeout: 60_000,
    // Reply 503 to new requests while closing; in-flight ones finish.
    // our draining hook answers 503 in the request's language with Retry-After (plugins/draining.ts)
    return503OnClosing: false,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
  });

  // route schemas compile on first use; once the server listens, the rest compile between requests (ADR 142)
  let compiling: { stop(): void } | undefined;
  app.addHook('onListen', async () => {
    compiling = schemas.compileInBackground((error) =>
      app.log.error({ err: error }, 'a route schema does not compile'),
    );
  });
  app.addHook('onClose', async () => compiling?.stop());
  app.decorate('routeSchemasPending', schemas.pending);

  // the start-up argon2 hash runs on the hash threads while the database opens (ADR 159)
  const passwords = createPasswords(options.unsafeTestHashCost);
  app.addHook('onClose', async () => {
    await (await passwords).close();
  });
  const opened = await (options.database ?? openDatabase(databaseOptionsOf(config)));
  app.addHook('onClose', async () => {
    await opened.close();
  });
  // a lost connection is logged, never thrown: the next request reconnects or answers 503 (ADR 050)
  opened.onEvent((event) => {
    if (event.kind === 'reopened') app.log.info('the embedded database was reopened');
    else
      app.log.warn(
        { database: { message: String((event.error as Error)?.message ?? event.error).slice(0, 200) } },
        event.kind === 'connection-lost'
          ? 'database connection lost'
          : 'reopening the embedded database failed',
      );
  });

  try {
    const folders = { schemasDir: options.schemasDir, localesDir: options.localesDir };
    const engine = options.engine ?? loadEngine(folders);
    const questionnaires = options.questionnaires ?? loadQuestionnaireCatalog(folders);
    const transport =
      options.mailTransport ??
      (config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : outboxTransport(opened.db));
    app.addHook('onClose', async () => {
      await transport.close?.();
    });

    app.decorate('config', config);
    app.decorate('db', opened.db);
    app.decorate('dbKind', opened.kind);
    app.decorate('engine', engine);
    app.decorate('questionnaires', questionnaires);
    app.decorate('passwords', await passwords);
    app.decorate('sessions', createSessions(opened.db));
    app.decorate('keys', deriveDataKeys(resolveDataKey(config.dataKey, config.dataDir)));
    app.decorate(
      'limiter',
      createLimiter(opened.db, { enabled: config.rateLimits, subjectKey: app.keys.rateLimitSubject }),
    );
    if (!config.rateLimits) {
      app.log.warn(
        'RATE_LIMITS=off: no rate limit is counted or enforced (load tests only, never in production)',
      );
    }
    app.decorate('limits', { ...DEFAULT_LIMITS, ...options.limits });
    app.decorate('t', translatorFor(engine, 'errors'));
    app.decorate('mailT', translatorFor(engine, 'mail'));
    app.decorate(
      'mailer',
      createMailer(transport, app.log, transport.name === 'outbox' && toTerminal, opened.db),
    );
    // every service, once, from explicit dependencies; routes take theirs from app.services (ADR 115)
    app.decorate(
      'services',
      createServices({
        config,
        db: opened.db,
        engine,
        questionnaires,
        keys: app.keys,
        passwords: app.passwords,
        sessions: app.sessions,
        limiter: app.limiter,
        limits: app.limits,
        mailer: app.mailer,
        mailT: app.mailT,
        log: app.log,
        now: options.clock ?? (() => new Date()),
      }),
    );
    // the mail queue stops before the database closes; unsent mail waits in the outbox (ADR 054)
    app.addHook('preClose', async () => app.mailer.close());
    app.decorateRequest('lang', 'en');
    app.decorateRequest('user', null);
    app.decorateRequest('sessionToken', null);

    // Security headers first, then the external plugins: cookies, multipart.
    registerSecurityHeaders(app, securityHeaderOptions(config.publicUrl));
    await app.register(fastifyCookie);
    await app.register(fastifyMultipart, {
      limits: {
        files: 1,
        fileSize: MAX_UPLOAD_BYTES,
        fields: 10,
        fieldSize: 1024,
        parts: 12,
        headerPairs: 50,
      },
    });

    // App-wide behaviour: the request language, errors as JSON, no caching of API answers.
    app.addHook('onRequest', async (request, reply) => {
      request.lang = negotiateLanguage(request.headers['accept-language']);
      if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    });
    registerDraining(app);
    registerWriteGuard(app);
    registerErrorHandling(app);
    await registerOpenApi(app);

    await app.register(healthRoutes, { prefix: '/api/health' });
    await app.register(configRoutes, { prefix: '/api' });
    await app.register(authRoutes, { prefix: '/api/auth' });
    await app.register(fileRoutes, { prefix: '/api/files' });
    await app.register(intakeRoutes, { prefix: '/api/client-intake' });
    await app.register(questionnaireRoutes, { prefix: '/api' });
    await app.register(reportRoutes, { prefix: '/api/reports' });
    await app.register(accountRoutes, { prefix: '/api/account' });
    await app.register(linkRoutes, { prefix: '/api' });
    await app.register(scheduleRoutes, { prefix: '/api' });
    await app.register(respondRoutes, { prefix: '/api/respond' });
    if (!config.production) await app.register(devOutboxRoutes, { prefix: '/api/dev' });
    if (config.nodeEnv === 'development') await registerApiDocs(app);
    if (options.adminSecret)
      await app.register(adminRoutes, { prefix: '/api/admin', secret: options.adminSecret });
    await registerClient(app, options.clientDir ?? path.resolve('dist/client'), {
      respondRenderer: options.respondRenderer,
    });

    startMaintenance(app);
    startAlertMail(app);
    if (options.purgeSchedule !== false) startPurgeSchedule(app);
    if (options.scheduleSender !== false) startScheduleSender(app);
    await app.ready();
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** Expired sessions and rate-limit windows are purged hourly (and once when the server starts listening). */
function startMaintenance(app: FastifyInstance) {
  const purge = async () => {
    try {
      await app.sessions.purgeExpired();
      await app.limiter.purgeExpired();
    } catch (error) {
      app.log.warn({ err: error }, 'maintenance failed');
    }
  };
  const timer = setInterval(purge, 60 * 60 * 1000);
  timer.unref();
  // once at start too, but after the server answers: a start does not wait for two deletes
  app.addHook('onListen', async () => {
    void purge();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * Urgent alerts wait in the database for their mail (ADR 166): the throttle's timers do not outlive the process, so
 * what waits is mailed once the server listens, and the timers are cleared when it closes.
 */
function startAlertMail(app: FastifyInstance) {
  app.addHook('onListen', async () => {
    app.services.attention.mailAllWaiting().catch((error: unknown) => {
      app.log.warn({ err: error }, 'waiting alert mails not sent; they go with the next alert');
    });
  });
  app.addHook('onClose', async () => app.services.attention.close());
}

/**
 * The KVKK purge (ADR 092) every PURGE_INTERVAL_MINUTES, first a minute after start: with several instances the
 * lease lets one run it; a database that is away makes it wait for the next round.
 */
function startPurgeSchedule(app: FastifyInstance) {
  const purge = async () => {
    try {
      const outcome = await runPurge(app.db, app.config.retention);
      if (outcome.ran && outcome.purged.length > 0) app.log.info({ purged: outcome.purged }, 'purge done');
    } catch (error) {
      app.log.warn({ err: error }, 'purge failed; it runs again on the next round');
    }
  };
  const first = setTimeout(purge, 60 * 1000);
  first.unref();
  const timer = setInterval(purge, app.config.purgeIntervalMinutes * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}

/**
 * The measurement schedule sender (ADR 128) every SCHEDULE_INTERVAL_SECONDS: with several instances the lease lets
 * one run it; a database or mail outage is logged and the next round catches up. It never ends the process.
 */
function startScheduleSender(app: FastifyInstance) {
  let running = false;
  const send = async () => {
    if (running) return;
    running = true;
    try {
      const outcome = await app.services.scheduleSender.run();
      if (outcome.ran && Object.values(outcome.counts).some((n) => n > 0))
        app.log.info({ schedules: outcome.counts }, 'schedule sender ran');
    } catch (error) {
      app.log.warn({ err: error }, 'schedule sender failed; it runs again on the next round');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(send, app.config.scheduleIntervalSeconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
