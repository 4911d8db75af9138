import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; PGlite in dataDir when absent. */
  databaseUrl: string | undefined;
  /** 32-byte key as 64 hex characters; when absent the key kept in dataDir/data.key is used (created once). */
  dataKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  nodeEnv: string;
  production: boolean;
  requireEmailVerification: boolean;
  requireApproval: boolean;
  logLevel: string;
  /** Fastify's trustProxy: false, true or a list of proxy addresses (TRUST_PROXY), for the client IP. */
  trustProxy: boolean | string[];
  productName: string;
  supportEmail: string;
  /** RATE_LIMITS=off (load tests, never production): no limit is counted or enforced. */
  rateLimits: boolean;
  /** Milliseconds to open a PostgreSQL connection (or wait for a free one) before answering 503. */
  databaseConnectTimeoutMs: number;
  /** Milliseconds a statement may run (PostgreSQL statement_timeout; the client gives up a second later). */
  databaseQueryTimeoutMs: number;
  /** Milliseconds SIGTERM waits for requests in flight before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** How long data is kept, and when the purge job runs (ADR 092). */
  retention: RetentionSettings;
  /** Minutes between two runs of the purge job in the server. */
  purgeIntervalMinutes: number;
  /** Seconds between two runs of the measurement schedule sender (SCHEDULE_INTERVAL_SECONDS, ADR 128). */
  scheduleIntervalSeconds: number;
  /** Days a respondent link stays valid after it is made or sent again (RESPONDENT_LINK_DAYS, 1-90). */
  respondentLinkDays: number;
  /** Minutes a practitioner's urgent-alert mails are at least apart (ALERT_MAIL_MINUTES, ADR 166). */
  alertMailMinutes: number;
  /** Origins besides PUBLIC_URL's whose pages may send writes to /api (TRUSTED_ORIGINS; ADR 102). */
  trustedOrigins: string[];
  /** Lines a respondent whose answer raised a flag is shown on the thank-you page (SUPPORT_LINES, ADR 108). */
  supportLines: SupportLine[];
}

/** A phone line for help; without a name it is the emergency number, named by the page's own words. */
export interface SupportLine {
  phone: string;
  name?: { en: string; tr: string };
}

/** Turkey's single emergency number when SUPPORT_LINES is unset. */
export const DEFAULT_SUPPORT_LINES: SupportLine[] = [{ phone: '112' }];

/** The periods the purge job applies (docs/kvkk.md). */
export interface RetentionSettings {
  /** Days between an account deletion request (or a record's deletion) and its purge; cancellable until then. */
  deletionGraceDays: number;
  /** Years after a record's last activity (and an audit entry's writing) before it is purged. */
  retentionYears: number;
  /** Years a destruction-log entry is kept. */
  destructionLogYears: number;
  /** Days a sent (or failed) mail keeps its recipient and subject before they are blanked (ADR 104). */
  mailRetentionDays: number;
}

export const DEFAULT_RETENTION: RetentionSettings = {
  deletionGraceDays: 30,
  retentionYears: 10,
  destructionLogYears: 3,
  mailRetentionDays: 7,
};

/** The name when PRODUCT_NAME is unset; the interface and the mails then use each language's own name. */
export const DEFAULT_PRODUCT_NAME = 'Psychologist Platform';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const EMAIL = /^[^\s@<>]+@[^\s@<>]+$/;

function readBoolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = env[name]?.trim().toLowerCase();
  if (value === undefined || value === '') return fallback;
  if (['true', '1', 'yes'].includes(value)) return true;
  if (['false', '0', 'no'].includes(value)) return false;
  throw new ConfigError(name, `must be true or false (got "${env[name]}")`);
}

function readUrl(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, 'must be a URL');
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return value;
}

function readMilliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) {
  const text = env[name]?.trim();
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new ConfigError(
      name,
      `must be a number of milliseconds between ${min} and ${max} (got "${env[name]}")`,
    );
  }
  return value;
}

function readWhole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) {
  const text = env[name]?.trim();
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new ConfigError(name, `must be a whole number between ${min} and ${max} (got "${env[name]}")`);
  }
  return value;
}

/** TRUSTED_ORIGINS: comma-separated `scheme://host[:port]`, each exactly an origin (no path, no wildcard). */
function readOrigins(env: NodeJS.ProcessEnv, name: string): string[] {
  const text = env[name]?.trim();
  if (!text) return [];
  return text.split(',').map((item) => {
    const value = item.trim();
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    // an origin with a path or a trailing slash would never equal a browser's Origin header: say so at start
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== value.toLowerCase()) {
      throw new ConfigError(
        name,
        `must be a comma-separated list of origins such as https://app.example.org (got "${value}")`,
      );
    }
    return url.origin;
  });
}

const PHONE = /^\+?[0-9][0-9 ()-]{1,19}$/;
const SUPPORT_LINES_SHAPE =
  'must be a JSON list of at most 10 lines like [{"phone": "112", "name": {"en": "…", "tr": "…"}}]';

/** SUPPORT_LINES: a JSON list of lines, each a phone number and its name in both languages (docs/server.md). */
function readSupportLines(env: NodeJS.ProcessEnv): SupportLine[] {
  const text = env.SUPPORT_LINES?.trim();
  if (!text) return DEFAULT_SUPPORT_LINES;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ConfigError('SUPPORT_LINES', `${SUPPORT_LINES_SHAPE} (it is not JSON)`);
  }
  if (!Array.isArray(value) || value.length > 10) throw new ConfigError('SUPPORT_LINES', SUPPORT_LINES_SHAPE);
  const named = (v: unknown) => typeof v === 'string' && v.trim() !== '' && v.length <= 100;
  return value.map((line: unknown, i) => {
    const { phone, name } = (line ?? {}) as { phone?: unknown; name?: { en?: unknown; tr?: unknown } };
    if (typeof phone !== 'string' || !PHONE.test(phone.trim()))
      throw new ConfigError('SUPPORT_LINES', `line ${i + 1} needs "phone": digits, spaces, +, ( ) or -`);
    if (!name || !named(name.en) || !named(name.tr))
      throw new ConfigError(
        'SUPPORT_LINES',
        `line ${i + 1} needs "name" with "en" and "tr" (1-100 characters)`,
      );
    return { phone: phone.trim(), name: { en: String(name.en).trim(), tr: String(name.tr).trim() } };
  });
}

/** Reads and validates the environment once; a wrong value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const portText = env.PORT?.trim() || '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
    throw new ConfigError('PORT', `must be a port number between 1 and 65535 (got "${env.PORT}")`);
  }
  const host = env.HOST?.trim() || '0.0.0.0';
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');
  const databaseUrl = readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const dataKey = env.DATA_KEY?.trim() || undefined;
  if (dataKey !== undefined && !/^[0-9a-fA-F]{64}$/.test(dataKey)) {
    throw new ConfigError(
      'DATA_KEY',
      'must be 64 hexadecimal characters (32 bytes), e.g. from `openssl rand -hex 32`',
    );
  }
  const nodeEnv = env.NODE_ENV?.trim() || 'development';
  const production = nodeEnv === 'production';
  if (production && databaseUrl && !dataKey) {
    // Several instances on one PostgreSQL must share the key; a per-machine key file would split the data.
    throw new ConfigError('DATA_KEY', 'is required in production when DATABASE_URL is set');
  }
  const smtpUrl = readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const mailFrom = env.MAIL_FROM?.trim() || 'Psychologist Platform <no-reply@localhost>';
  const address = /<([^>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom;
  if (!EMAIL.test(address))
    throw new ConfigError('MAIL_FROM', `must be an e-mail address (got "${mailFrom}")`);
  const publicUrl = (readUrl(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(
    /\/+$/,
    '',
  );
  const allowHttpPublicUrl = readBoolean(env, 'ALLOW_HTTP_PUBLIC_URL', false);
  if (production && !publicUrl.startsWith('https:') && !allowHttpPublicUrl) {
    // session cookies, tokens in mailed links and health data must not cross a network in clear
    const given = env.PUBLIC_URL?.trim() ? `got "${env.PUBLIC_URL.trim()}"` : 'it is not set';
    throw new ConfigError(
      'PUBLIC_URL',
      `must start with https:// when NODE_ENV=production (${given}); ` +
        'set ALLOW_HTTP_PUBLIC_URL=true only for a server that no one reaches over a network',
    );
  }
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  }
  const trustText = env.TRUST_PROXY?.trim() || 'false';
  const trustProxy: boolean | string[] = ['true', 'false'].includes(trustText)
    ? trustText === 'true'
    : trustText.split(',').map((a) => a.trim());
  if (Array.isArray(trustProxy) && !trustProxy.every((a) => /^[0-9a-fA-F.:/]+$/.test(a))) {
    throw new ConfigError('TRUST_PROXY', 'must be true, false or a comma-separated list of proxy addresses');
  }
  // `true` believes X-Forwarded-For from anyone: a caller would pick the address its limits and audit entries count
  if (production && trustProxy === true) {
    throw new ConfigError(
      'TRUST_PROXY',
      "cannot be true when NODE_ENV=production: name the reverse proxy's address as the server sees it (e.g. 127.0.0.1)",
    );
  }
  const supportEmail = env.SUPPORT_EMAIL?.trim() || 'support@example.com';
  if (!EMAIL.test(supportEmail)) throw new ConfigError('SUPPORT_EMAIL', 'must be an e-mail address');
  const rateLimitsText = env.RATE_LIMITS?.trim().toLowerCase() || 'on';
  if (rateLimitsText !== 'on' && rateLimitsText !== 'off') {
    throw new ConfigError('RATE_LIMITS', `must be on or off (got "${env.RATE_LIMITS}")`);
  }
  const rateLimits = rateLimitsText === 'on';
  if (production && !rateLimits) {
    // the limits are what stands between a public server and password guessing and mail flooding
    throw new ConfigError(
      'RATE_LIMITS',
      'cannot be off when NODE_ENV=production (it is for load tests only)',
    );
  }
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    dataKey,
    smtpUrl,
    mailFrom,
    publicUrl,
    nodeEnv,
    production,
    requireEmailVerification: readBoolean(env, 'REQUIRE_EMAIL_VERIFICATION', true),
    // a production server opens client data only to reviewed accounts unless told otherwise (ADR 105)
    requireApproval: readBoolean(env, 'REQUIRE_APPROVAL', production),
    logLevel,
    trustProxy,
    productName: env.PRODUCT_NAME?.trim() || DEFAULT_PRODUCT_NAME,
    supportEmail,
    rateLimits,
    databaseConnectTimeoutMs: readMilliseconds(env, 'DATABASE_CONNECT_TIMEOUT_MS', 3000, 100, 60_000),
    databaseQueryTimeoutMs: readMilliseconds(env, 'DATABASE_QUERY_TIMEOUT_MS', 5000, 100, 120_000),
    shutdownTimeoutMs: readMilliseconds(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 1000, 120_000),
    retention: {
      deletionGraceDays: readWhole(env, 'DELETION_GRACE_DAYS', DEFAULT_RETENTION.deletionGraceDays, 1, 365),
      retentionYears: readWhole(env, 'RETENTION_YEARS', DEFAULT_RETENTION.retentionYears, 1, 100),
      destructionLogYears: readWhole(
        env,
        'DESTRUCTION_LOG_YEARS',
        DEFAULT_RETENTION.destructionLogYears,
        1,
        100,
      ),
      mailRetentionDays: readWhole(env, 'MAIL_RETENTION_DAYS', DEFAULT_RETENTION.mailRetentionDays, 0, 90),
    },
    purgeIntervalMinutes: readWhole(env, 'PURGE_INTERVAL_MINUTES', 60, 1, 24 * 60),
    scheduleIntervalSeconds: readWhole(env, 'SCHEDULE_INTERVAL_SECONDS', 60, 1, 60 * 60),
    respondentLinkDays: readWhole(env, 'RESPONDENT_LINK_DAYS', 7, 1, 90),
    alertMailMinutes: readWhole(env, 'ALERT_MAIL_MINUTES', 5, 1, 60),
    trustedOrigins: readOrigins(env, 'TRUSTED_ORIGINS'),
    supportLines: readSupportLines(env),
  };
}
