import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Engine } from '../forms/engine';
import { catalogCriteria, type QuestionnaireCatalog } from '../forms/questionnaires';
import { createLoginService } from './accounts/login-service';
import { createPasswordResetService } from './accounts/password-reset-service';
import { createSignupService } from './accounts/signup-service';
import { createVerificationService } from './accounts/verification-service';
import { createAuditService } from './audit/audit-service';
import type { Passwords } from './auth/passwords';
import type { Sessions } from './auth/sessions';
import type { Config } from './config';
import type { DataKeys } from './crypto/encryption';
import type { Database } from './db/schema';
import { createFhirService } from './fhir/fhir-service';
import type { Translator } from './i18n';
import { createIntakeService } from './intake/service';
import { createIntakeStore } from './intake/store';
import { createLinkService } from './links/link-service';
import { createLinkStore } from './links/link-store';
import type { Mailer } from './mail/mailer';
import { createAgeCheck } from './questionnaires/age-check';
import { createAnswerExport } from './questionnaires/answer-export';
import { createAttention } from './questionnaires/attention';
import { createClientListStore } from './questionnaires/client-list-store';
import { createClientService } from './questionnaires/client-service';
import { createResponseService } from './questionnaires/response-service';
import { createResponseStore } from './questionnaires/response-store';
import { createReportService } from './reports/report-service';
import { createReportStore } from './reports/report-store';
import { createScheduleSender } from './schedules/schedule-sender';
import { createScheduleService } from './schedules/schedule-service';
import { createScheduleStore } from './schedules/schedule-store';
import type { Limiter, Limits } from './security/limiter';

/** What the services are made of: the database, the engine and the app-wide parts built before them in app.ts. */
export interface ServiceDeps {
  config: Config;
  db: Kysely<Database>;
  engine: Engine;
  questionnaires: QuestionnaireCatalog;
  keys: DataKeys;
  passwords: Passwords;
  sessions: Sessions;
  limiter: Limiter;
  limits: Limits;
  mailer: Mailer;
  mailT: Translator;
  log: FastifyBaseLogger;
  /** The clock respondent links read (expiry); tests move it. */
  now: () => Date;
}

/**
 * The composition root (ADR 115): every service of the product is built here, once, from explicit dependencies.
 * app.ts decorates the result as `app.services`; route plugins take what they need from there.
 */
export function createServices(deps: ServiceDeps) {
  const { config, db, engine, questionnaires, keys, passwords, sessions, limiter, limits, mailer, mailT } =
    deps;
  const intakeStore = createIntakeStore(db, keys.encryption);
  const audit = createAuditService(db);
  const attention = createAttention({
    db,
    mailer,
    mailT,
    config,
    key: keys.encryption,
    now: deps.now,
    onMailError: (error) => deps.log.warn({ err: error }, 'alert mail failed; it goes with the next one'),
  });
  const intake = createIntakeService(engine, intakeStore, limiter);
  const responses = createResponseService(
    engine,
    questionnaires,
    createResponseStore(db, keys.encryption),
    attention,
    async (practitionerId, intakeId) =>
      (await intakeStore.find(practitionerId, intakeId))?.sections.demographics,
  );
  const clients = createClientService(
    engine,
    intakeStore,
    intake,
    responses,
    catalogCriteria(questionnaires),
    createClientListStore(db, keys.encryption),
    deps.now,
  );
  const checkAge = createAgeCheck(intakeStore, responses.ageRangeOf, deps.now);
  const links = createLinkService({
    db,
    engine,
    catalog: questionnaires,
    responses,
    checkAge,
    store: createLinkStore(db, keys.encryption),
    mailer,
    mailT,
    config,
    codeKey: keys.linkCodeHash,
    now: deps.now,
    audit,
  });
  const scheduleStore = createScheduleStore(db, keys.encryption);
  const accountMail = { db, mailer, mailT, config };
  const fhir = createFhirService({
    engine,
    intakeStore,
    responseStore: createResponseStore(db, keys.encryption),
    responses,
    publicUrl: config.publicUrl,
  });
  return {
    /** Reports over the caseload (ADR 129). */
    reports: createReportService(engine, questionnaires, createReportStore(db, keys.encryption), deps.now),
    /** The audit trail of client data (ADR 090). */
    audit,
    /** Alerts a practitioner acts on, and their mail (ADR 166). */
    attention,
    intake,
    clients,
    responses,
    /** Item-level export of a client's answers to one questionnaire (ADR 130). */
    answerExport: createAnswerExport({
      engine,
      catalog: questionnaires,
      store: createResponseStore(db, keys.encryption),
      clients,
    }),
    links,
    /** Measurement schedules, the practitioner's side, and the job that sends them (ADR 128). */
    schedules: createScheduleService({
      db,
      catalog: questionnaires,
      checkAge,
      store: scheduleStore,
      intakeStore,
      now: deps.now,
    }),
    scheduleSender: createScheduleSender({
      db,
      store: scheduleStore,
      links,
      audit,
      now: deps.now,
      log: deps.log,
    }),
    /** FHIR R4 bundles of clients' responses (ADR 131). */
    fhir,
    signup: createSignupService(db, keys, passwords),
    login: createLoginService({ db, limiter, limits, passwords, sessions, config }),
    verification: createVerificationService({ ...accountMail, sessions, limiter, limits }),
    passwordReset: createPasswordResetService({
      ...accountMail,
      limiter,
      limits,
      passwords,
      sessions,
      log: deps.log,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
