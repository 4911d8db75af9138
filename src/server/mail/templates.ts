import type { Lang } from '../../forms/types';
import { DEFAULT_PRODUCT_NAME } from '../config';
import type { Translator } from '../i18n';
import type { MailMessage } from './message';

export interface TemplateContext {
  t: Translator;
  lang: Lang;
  productName: string;
  supportEmail: string;
}

interface Recipient {
  email: string;
  firstName: string;
}

type Block = { text: string } | { link: string; label: string } | { code: string };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The product's name in the mail's language, as the interface shows it, unless PRODUCT_NAME names it. */
function productNameOf(ctx: TemplateContext): string {
  return ctx.productName === DEFAULT_PRODUCT_NAME ? ctx.t(ctx.lang, 'common.productName') : ctx.productName;
}

function compose(
  ctx: TemplateContext,
  kind: MailMessage['kind'],
  to: Recipient,
  params: Record<string, unknown>,
  blocks: Block[],
  subjectKey = 'subject',
): MailMessage {
  const all = {
    productName: productNameOf(ctx),
    supportEmail: ctx.supportEmail,
    firstName: to.firstName,
    ...params,
  };
  const t = (key: string) => ctx.t(ctx.lang, `${kind}.${key}`, all);
  // a respondent's name is not known: a plain greeting
  const greeting = to.firstName === '' ? 'common.greetingNoName' : 'common.greeting';
  const body: Block[] = [{ text: ctx.t(ctx.lang, greeting, all) }, ...blocks];
  const signature = ctx.t(ctx.lang, 'common.signature', all);
  const text = [
    ...body.map((b) => ('text' in b ? b.text : 'link' in b ? `${b.label}\n${b.link}` : b.code)),
    signature,
  ].join('\n\n');
  const html = [
    `<!doctype html><html lang="${ctx.lang}"><body style="font-family:sans-serif;font-size:16px;line-height:1.5">`,
    ...body.map((b) => {
      if ('text' in b) return `<p>${escapeHtml(b.text)}</p>`;
      if ('link' in b) return `<p><a href="${escapeHtml(b.link)}">${escapeHtml(b.label)}</a></p>`;
      return `<p style="font-size:24px;letter-spacing:4px"><strong>${escapeHtml(b.code)}</strong></p>`;
    }),
    `<p>${escapeHtml(signature)}</p></body></html>`,
  ].join('\n');
  return {
    kind,
    to: to.email,
    subject: t(subjectKey),
    text,
    html,
    links: body.flatMap((b) => ('link' in b ? [b.link] : [])),
  };
}

export function verificationMail(
  ctx: TemplateContext,
  to: Recipient,
  link: string,
  code: string,
): MailMessage {
  const t = (key: string) => ctx.t(ctx.lang, `verification.${key}`, { productName: productNameOf(ctx) });
  return compose(ctx, 'verification', to, {}, [
    { text: t('intro') },
    { link, label: t('button') },
    { text: t('codeIntro') },
    { code },
    { text: t('expiry') },
    { text: t('ignore') },
  ]);
}

export function passwordResetMail(ctx: TemplateContext, to: Recipient, link: string): MailMessage {
  const t = (key: string) => ctx.t(ctx.lang, `passwordReset.${key}`, { productName: productNameOf(ctx) });
  return compose(ctx, 'passwordReset', to, {}, [
    { text: t('intro') },
    { link, label: t('button') },
    { text: t('expiry') },
    { text: t('ignore') },
  ]);
}

export function passwordChangedMail(ctx: TemplateContext, to: Recipient): MailMessage {
  const t = (key: string) =>
    ctx.t(ctx.lang, `passwordChanged.${key}`, {
      productName: productNameOf(ctx),
      supportEmail: ctx.supportEmail,
    });
  return compose(ctx, 'passwordChanged', to, {}, [{ text: t('intro') }, { text: t('notYou') }]);
}

/** The operator approved the credentials: client data is open; a sign-in link, nothing secret. */
export function accountApprovedMail(ctx: TemplateContext, to: Recipient, signInLink: string): MailMessage {
  const t = (key: string) =>
    ctx.t(ctx.lang, `accountApproved.${key}`, {
      productName: productNameOf(ctx),
      supportEmail: ctx.supportEmail,
    });
  return compose(ctx, 'accountApproved', to, {}, [
    { text: t('intro') },
    { link: signInLink, label: t('button') },
    { text: t('questions') },
  ]);
}

/** The operator lifted a suspension: the account is open again as before; a sign-in link, nothing secret. */
export function accountReinstatedMail(ctx: TemplateContext, to: Recipient, signInLink: string): MailMessage {
  const t = (key: string) =>
    ctx.t(ctx.lang, `accountReinstated.${key}`, {
      productName: productNameOf(ctx),
      supportEmail: ctx.supportEmail,
    });
  return compose(ctx, 'accountReinstated', to, {}, [
    { text: t('intro') },
    { link: signInLink, label: t('button') },
    { text: t('questions') },
  ]);
}

/** The operator rejected the credentials: no reason in writing, only how to reach support. */
export function accountRejectedMail(ctx: TemplateContext, to: Recipient): MailMessage {
  const t = (key: string) =>
    ctx.t(ctx.lang, `accountRejected.${key}`, {
      productName: productNameOf(ctx),
      supportEmail: ctx.supportEmail,
    });
  return compose(ctx, 'accountRejected', to, {}, [{ text: t('intro') }, { text: t('contact') }]);
}

/** The deletion request is confirmed: when the data goes, and the link that cancels it until then. */
export function accountDeletionMail(
  ctx: TemplateContext,
  to: Recipient,
  link: string,
  dueAt: Date,
): MailMessage {
  const date = new Intl.DateTimeFormat(ctx.lang === 'tr' ? 'tr-TR' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'Europe/Istanbul',
  }).format(dueAt);
  const t = (key: string) =>
    ctx.t(ctx.lang, `accountDeletion.${key}`, {
      productName: productNameOf(ctx),
      supportEmail: ctx.supportEmail,
      date,
    });
  return compose(ctx, 'accountDeletion', to, { date }, [
    { text: t('intro') },
    { text: t('signInBlocked') },
    { link, label: t('button') },
    { text: t('notYou') },
  ]);
}

/** What a mail carrying a respondent link says: who asks, the link and until when it opens; never the client. */
export interface LinkMailInput {
  practitionerName: string;
  link: string;
  expiresOn: string;
  hasCode: boolean;
}

/**
 * A mail carrying a respondent link, worded by its kind: the first mail (`respondentLink`), the practitioner
 * sending it again to the same address while unanswered (`linkResent`), a measurement schedule's one reminder
 * (`scheduleReminder`, ADR 128). Each names neither the client nor the questionnaire.
 */
export function linkMail(
  kind: 'respondentLink' | 'linkResent' | 'scheduleReminder',
  ctx: TemplateContext,
  email: string,
  input: LinkMailInput,
): MailMessage {
  const params = {
    productName: productNameOf(ctx),
    practitionerName: input.practitionerName,
    expiresOn: input.expiresOn,
  };
  const t = (key: string) => ctx.t(ctx.lang, `${kind}.${key}`, params);
  return compose(ctx, kind, { email, firstName: '' }, params, [
    { text: t('intro') },
    { link: input.link, label: t('button') },
    { text: t('expiry') },
    ...(input.hasCode ? [{ text: t('code') }] : []),
    { text: t('private') },
  ]);
}

/**
 * A submitted response raised a critical-answer flag (ADR 108). It says only that a response needs attention and
 * links to the app: no client, questionnaire, answer or score, since a mailbox is not a place for health data.
 */
/** Urgent alerts of `count` responses wait on the dashboard (ADR 166): no client, questionnaire or answer named. */
export function responseAttentionMail(
  ctx: TemplateContext,
  to: Recipient,
  link: string,
  count = 1,
): MailMessage {
  const t = (key: string) =>
    ctx.t(ctx.lang, `responseAttention.${key}`, { productName: productNameOf(ctx), count });
  const many = count > 1;
  return compose(
    ctx,
    'responseAttention',
    to,
    { count },
    [{ text: t(many ? 'introMany' : 'intro') }, { link, label: t('button') }, { text: t('private') }],
    many ? 'subjectMany' : 'subject',
  );
}
