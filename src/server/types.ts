import type { Kysely } from 'kysely';
import type { Engine } from '../forms/engine';
import type { QuestionnaireCatalog } from '../forms/questionnaires';
import type { Lang } from '../forms/types';
import type { Passwords } from './auth/passwords';
import type { Sessions } from './auth/sessions';
import type { Config } from './config';
import type { DataKeys } from './crypto/encryption';
import type { Database } from './db/schema';
import type { Translator } from './i18n';
import type { Mailer } from './mail/mailer';
import type { Limiter, Limits } from './security/limiter';
import type { Services } from './services';
import type { SessionUser } from './users/user-view';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dbKind: 'pglite' | 'postgres';
    engine: Engine;
    /** The questionnaires of schemas/ (every version). */
    questionnaires: QuestionnaireCatalog;
    passwords: Passwords;
    sessions: Sessions;
    mailer: Mailer;
    limiter: Limiter;
    limits: Limits;
    keys: DataKeys;
    /** Translates a key of the `errors` namespace. */
    t: Translator;
    /** Translates a key of the `mail` namespace. */
    mailT: Translator;
    /** Every service of the product, built once in services.ts (ADR 115). */
    services: Services;
    /** How many route schemas are not compiled yet (they compile on first use and after listen, ADR 142). */
    routeSchemasPending(): number;
  }
  interface FastifyRequest {
    lang: Lang;
    /** Set by requireUser: the account's request columns (SESSION_USER_COLUMNS), never its secrets. */
    user: SessionUser | null;
    sessionToken: string | null;
  }
}
