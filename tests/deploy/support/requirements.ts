import { existsSync } from 'node:fs';

export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const OPENSSL_BIN = '/usr/bin/openssl';

/** Why the production recipe cannot be brought up here, or undefined when it can. */
export function whyNoDeploy(): string | undefined {
  if (!existsSync(NGINX_BIN))
    return `nginx not found at ${NGINX_BIN} (apt-get install -y nginx, or set NGINX_BIN)`;
  if (process.getuid?.() !== 0)
    return 'the deploy suite must run as root: it starts nginx of its own, as production does';
  if (!existsSync(OPENSSL_BIN)) return `openssl not found at ${OPENSSL_BIN} (apt-get install -y openssl)`;
  if (!process.env.DATABASE_URL)
    return 'DATABASE_URL is not set: the recipe runs two instances on one PostgreSQL, as production does';
  return undefined;
}
