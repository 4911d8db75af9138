import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Engine } from '../../forms/engine';
import {
  alertsOf,
  CRISIS_KEY,
  type QuestionnaireCatalog,
  type QuestionnaireDefinition,
  showsHelpTo,
} from '../../forms/questionnaires';
import type { Lang } from '../../forms/types';
import {
  type CreateLinkInput,
  ERROR_CODES,
  type NewResultsView,
  type RespondentLinkView,
  type RespondSubmitView,
} from '../../shared';
import type { AuditAction, AuditService } from '../audit/audit-service';
import type { Config } from '../config';
import { keyedHash } from '../crypto/encryption';
import { newToken, sha256Hex } from '../crypto/tokens';
import type { Database } from '../db/schema';
import { AppError, assertUuid, notFound, validationFailed } from '../errors';
import type { Translator } from '../i18n';
import { assertVisibleClient } from '../intake/client-visibility';
import type { Mailer } from '../mail/mailer';
import { linkMail } from '../mail/templates';
import type { AgeCheck } from '../questionnaires/age-check';
import { languagesOf, type ResponseService } from '../questionnaires/response-service';
import type { Answers } from '../questionnaires/response-store';
import { type ClosedReason, closedReason, linkState } from './link-state';
import type { LinkRecord, LinkStore } from './link-store';

/** Wrong codes a link takes before it locks for good (the practitioner makes a new one). */
export const MAX_CODE_FAILURES = 5;

/** A token as newToken makes it: 32 random bytes in base64url. Anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** 410: the link no longer opens; the page explains why in the link's language. */
export const linkClosed = (reason: ClosedReason, language: Lang) =>
  new AppError(410, ERROR_CODES.LINK_CLOSED, `links.${reason}`, { extra: { reason, language } });

/** A link's 6-digit code; a schedule keeps one for all its links. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** 409: a submitted, revoked or locked link is not sent again. */
const linkNotSendable = () => new AppError(409, ERROR_CODES.LINK_CLOSED, 'links.notSendable');

export type { CreateLinkInput } from '../../shared';

export interface LinkServiceDeps {
  db: Kysely<Database>;
  engine: Engine;
  catalog: QuestionnaireCatalog;
  responses: ResponseService;
  /** The age rule of giving a questionnaire, the same as in session (ADR 109). */
  checkAge: AgeCheck;
  store: LinkStore;
  mailer: Mailer;
  mailT: Translator;
  config: Pick<Config, 'publicUrl' | 'productName' | 'supportEmail' | 'respondentLinkDays' | 'supportLines'>;
  codeKey: Buffer;
  now: () => Date;
  /** Every read, save and submit through a link is an audit entry with the link as the actor (ADR 090). */
  audit: AuditService;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The address the respondent opens: the public page, its token in the path (scrubbed from every log line). */
export const linkUrl = (publicUrl: string, token: string) => `${publicUrl}/r/${token}`;

/**
 * Respondent links (ADR 095): a practitioner makes, lists, mails and revokes links to one response; a respondent
 * with the token reads the questionnaire and saves and submits that response, and reaches nothing else.
 */
export function createLinkService(deps: LinkServiceDeps) {
  const { db, catalog, responses, store, config, now } = deps;

  const codeHashOf = (linkId: string, code: string) => keyedHash(deps.codeKey, `${linkId}:${code}`);

  function view(link: LinkRecord): RespondentLinkView {
    return {
      id: link.id,
      clientId: link.intakeId,
      responseId: link.responseId,
      questionnaireId: link.questionnaireId,
      respondent: link.respondent,
      language: link.language,
      label: link.label,
      email: link.email,
      hasCode: link.hasCode,
      state: linkState(link, now()),
      expiresAt: link.expiresAt.toISOString(),
      openedAt: link.openedAt?.toISOString() ?? null,
      sentAt: link.sentAt?.toISOString() ?? null,
      submittedAt: link.submittedAt?.toISOString() ?? null,
      createdAt: link.createdAt.toISOString(),
    };
  }

  /** Who asks: the practitioner's name and own title, the title in `lang` (the link's language). */
  async function practitionerOf(id: string, lang: Lang) {
    const row = await db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'professional_title'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const title = row.professional_title;
    const key = `professionalTitles.${title}`;
    const said = title ? deps.engine.t(lang, 'account', key) : null;
    return { name: `${row.first_name} ${row.last_name}`.trim(), title: said === key ? title : said };
  }

  async function ownLink(practitionerId: string, id: string) {
    assertUuid(id);
    const link = await store.find(practitionerId, id);
    if (!link) throw notFound();
    return link;
  }

  /**
   * A fresh token for the link, valid for the configured days from now, mailed to `email`; a schedule's reminder
   * keeps the link's expiry and says it is a reminder (ADR 128). Sent again to the address it already went to,
   * unanswered, the mail says it is sent again rather than repeating the first one.
   */
  async function mail(practitionerId: string, link: LinkRecord, email: string, reminder = false) {
    const resent = !reminder && link.sentAt !== null && link.email === email;
    const token = newToken();
    const sentAt = now();
    const expiresAt = reminder
      ? link.expiresAt
      : new Date(sentAt.getTime() + config.respondentLinkDays * DAY_MS);
    const reissued = { tokenHash: sha256Hex(token), expiresAt, email, sentAt };
    // the record may have been deleted since the link was read: then no mail leaves
    if (!(await store.reissue(practitionerId, link.id, reissued))) throw notFound();
    const lang = link.language;
    const practitioner = await practitionerOf(practitionerId, lang);
    const message = linkMail(
      reminder ? 'scheduleReminder' : resent ? 'linkResent' : 'respondentLink',
      { t: deps.mailT, lang, productName: config.productName, supportEmail: config.supportEmail },
      email,
      {
        practitionerName: practitioner.name,
        link: linkUrl(config.publicUrl, token),
        expiresOn: expiresAt.toLocaleDateString(lang === 'tr' ? 'tr-TR' : 'en-GB', { dateStyle: 'long' }),
        hasCode: link.hasCode,
      },
    );
    // the guardian's mail is the practitioner's data: purged and exported with the account
    await deps.mailer.send(message, practitionerId);
    return token;
  }

  /** The link a token opens, checked: open, and the code right when it has one. */
  async function openLink(token: string, code: string | undefined): Promise<LinkRecord> {
    if (!TOKEN.test(token)) throw notFound();
    const link = await store.byTokenHash(sha256Hex(token));
    if (!link) {
      // an address a reminder replaced: its link's own end first (sent, withdrawn), else that a newer one exists
      const replaced = await store.byReplacedTokenHash(sha256Hex(token));
      if (replaced) throw linkClosed(closedReason(replaced, now()) ?? 'replaced', replaced.language);
      throw notFound();
    }
    const closed = closedReason(link, now());
    if (closed) throw linkClosed(closed, link.responseLanguage);
    if (link.codeHash) {
      if (code === undefined || code === '') {
        throw new AppError(401, ERROR_CODES.LINK_CODE_REQUIRED, 'links.codeRequired', {
          extra: { language: link.responseLanguage },
        });
      }
      const expected = Buffer.from(link.codeHash, 'hex');
      const given = Buffer.from(codeHashOf(link.id, code), 'hex');
      if (!/^\d{6}$/.test(code) || !timingSafeEqual(expected, given)) {
        const { failures, locked } = await store.codeFailed(link.id, MAX_CODE_FAILURES, now());
        if (locked) throw linkClosed('locked', link.responseLanguage);
        throw new AppError(401, ERROR_CODES.LINK_CODE_WRONG, 'links.codeWrong', {
          extra: { language: link.responseLanguage, attemptsLeft: Math.max(0, MAX_CODE_FAILURES - failures) },
        });
      }
    }
    return link;
  }

  /** What the thank-you page shows after a flagged answer, in the link's language. */
  function helpFor(lang: Lang, def: QuestionnaireDefinition) {
    return {
      text: deps.engine.translate(lang, def.formId, CRISIS_KEY) ?? null,
      lines: config.supportLines.map((line) => ({
        phone: line.phone,
        name: line.name?.[lang] ?? deps.engine.t(lang, 'respond', 'help.emergencyLine'),
      })),
    };
  }

  /** One audit entry for what the respondent just did with the link's response. */
  const recordAccess = (link: LinkRecord, action: AuditAction, address: string | null) =>
    deps.audit.record({
      actor: { kind: 'link', linkId: link.id },
      practitionerId: link.practitionerId,
      action,
      clientId: link.intakeId,
      recordType: 'questionnaire-response',
      recordId: link.responseId,
      address,
    });

  return {
    /**
     * Gives the questionnaire to the client as a new draft and makes a link to it; the token and code once. Outside
     * the questionnaire's age range only with `ageOverride` (`ageOverridden` tells the route to record that). A
     * schedule's sender gives the link's id (claimed first, ADR 128) and the schedule's code.
     */
    async create(
      practitionerId: string,
      intakeId: string,
      input: CreateLinkInput,
      given?: { id: string; code: string | null },
    ) {
      await assertVisibleClient(db, practitionerId, intakeId);
      if (!catalog.has(input.questionnaireId))
        throw validationFailed({ questionnaireId: { key: 'questionnaires.unknown' } });
      const def = catalog.get(input.questionnaireId);
      if (!def.meta.respondents.includes(input.respondent))
        throw validationFailed({ respondent: { key: 'links.respondentNotAllowed' } });
      const { ageOverridden } = await deps.checkAge(practitionerId, intakeId, def.id, input.ageOverride);
      const response = await responses.give(practitionerId, intakeId, {
        questionnaireId: input.questionnaireId,
        language: input.language,
        respondent: input.respondent,
      });
      const token = newToken();
      const code = given ? given.code : input.withCode ? newCode() : null;
      const label = input.label?.trim() || null;
      const id = given?.id ?? randomUUID();
      await store.create(practitionerId, {
        id,
        intakeId,
        responseId: response.id,
        tokenHash: sha256Hex(token),
        respondent: input.respondent,
        language: input.language,
        label,
        codeHash: code ? codeHashOf(id, code) : null,
        expiresAt: new Date(now().getTime() + config.respondentLinkDays * DAY_MS),
      });
      let link = (await store.find(practitionerId, id))!;
      let finalToken = token;
      if (input.email) {
        finalToken = await mail(practitionerId, link, input.email);
        link = (await store.find(practitionerId, id))!;
      }
      return {
        issued: { link: view(link), url: linkUrl(config.publicUrl, finalToken), code },
        ageOverridden,
      };
    },

    async list(practitionerId: string, intakeId: string) {
      await assertVisibleClient(db, practitionerId, intakeId);
      return (await store.listForIntake(practitionerId, intakeId)).map(view);
    },

    /** Revokes a link: its token opens nothing from now on; the answers saved so far stay with the practitioner. */
    async revoke(practitionerId: string, id: string) {
      await ownLink(practitionerId, id);
      await store.revoke(practitionerId, id, now());
      return view((await store.find(practitionerId, id))!);
    },

    /**
     * Mails the link (first time or as a reminder) with a fresh token: only a token's hash is kept, so a mail
     * cannot repeat the old one; the old token stops opening and the expiry starts again.
     */
    async send(practitionerId: string, id: string, email: string | undefined) {
      const link = await ownLink(practitionerId, id);
      const to = email ?? link.email;
      if (!to) throw validationFailed({ email: { key: 'links.emailRequired' } });
      const closed = closedReason(link, now());
      if (closed && closed !== 'expired') throw linkNotSendable();
      const token = await mail(practitionerId, link, to);
      return { link: view((await store.find(practitionerId, id))!), url: linkUrl(config.publicUrl, token) };
    },

    /**
     * A schedule's one reminder (ADR 128): a fresh token in the reminder mail, the link's expiry kept; false when
     * the link no longer opens (answered, withdrawn, locked or expired) and nothing was sent.
     */
    async remind(practitionerId: string, id: string, email: string): Promise<boolean> {
      const link = await ownLink(practitionerId, id);
      if (closedReason(link, now())) return false;
      await mail(practitionerId, link, email, true);
      return true;
    },

    /**
     * The practitioner's own clients with results from links not looked at yet, and the responses (by link or in
     * session) whose critical answers need attention: the badge, the dashboard notice and the list's markers.
     */
    async newResults(practitionerId: string): Promise<NewResultsView> {
      const clients = await store.unseenResults(practitionerId);
      const attention = await responses.attentionPending(practitionerId);
      return { count: clients.reduce((sum, c) => sum + c.count, 0), clients, attention };
    },

    async markSeen(practitionerId: string, intakeId: string) {
      await assertVisibleClient(db, practitionerId, intakeId);
      await store.markSeen(practitionerId, intakeId, now());
    },

    /** What the respondent's page shows: who asks, the label, the pinned questionnaire and the answers so far. */
    async read(token: string, code: string | undefined, address: string | null) {
      const link = await openLink(token, code);
      await store.markOpened(link.id, now());
      const response = await responses.find(link.practitionerId, link.responseId);
      await recordAccess(link, 'read', address);
      const questionnaire = responses.definitionOf(response);
      return {
        language: response.language,
        respondent: link.respondent,
        label: link.label,
        practitioner: await practitionerOf(link.practitionerId, link.language),
        questionnaire,
        languages: languagesOf(deps.engine, questionnaire),
        answers: response.answers,
        version: response.version,
        expiresAt: link.expiresAt.toISOString(),
      };
    },

    async save(
      token: string,
      code: string | undefined,
      input: { answers: Answers; version?: number },
      address: string | null,
    ) {
      const link = await openLink(token, code);
      const saved = await responses.saveDraft(link.practitionerId, link.responseId, input);
      await recordAccess(link, 'change', address);
      return { version: saved.version, updatedAt: saved.updatedAt.toISOString() };
    },

    /**
     * Submits once; the server scores it like any response, and the respondent is not shown the scores. After an
     * urgent answer, the answer carries help for the informants the questionnaire names: its own words and the
     * support lines (ADR 108, 166).
     */
    async submit(
      token: string,
      code: string | undefined,
      input: { answers?: Answers; version?: number },
      address: string | null,
    ): Promise<RespondSubmitView> {
      const link = await openLink(token, code);
      const done = await responses.submit(link.practitionerId, link.responseId, input);
      await recordAccess(link, 'submit', address);
      const answer = { status: done.status, submittedAt: done.submittedAt?.toISOString() ?? null };
      if (!done.result) return answer;
      // help after an urgent answer, for the informants the questionnaire names (ADR 166): not a teacher by default
      const def = responses.definitionOf(done);
      const urgent = alertsOf(def.scoring, done.result.flags).some((a) => a.level === 'urgent');
      if (!urgent || !showsHelpTo(def.meta, link.respondent)) return answer;
      return { ...answer, help: helpFor(done.language, def) };
    },

    /**
     * The respondent fills in another language (ADR 111): stored on the response, so the page opens in it next
     * time and the practitioner reads the answers in it. 400 for a language the questionnaire lacks.
     */
    async changeLanguage(token: string, code: string | undefined, language: Lang, address: string | null) {
      const link = await openLink(token, code);
      const changed = await responses.changeLanguage(link.practitionerId, link.responseId, language);
      await recordAccess(link, 'change', address);
      return { language: changed.language };
    },
  };
}

export type LinkService = ReturnType<typeof createLinkService>;
