import type { FromSchema } from 'json-schema-to-ts';
import { instantSchema } from './schemas.ts';
import { userViewSchema } from './user-view.ts';

/**
 * The account area's calls (spec section 7; ADR 117). The bodies only name their fields' JSON types: the rules
 * (required, lengths, formats) are the form's, checked by the engine in the request's language.
 */

const strings = <const K extends readonly string[]>(...keys: K) =>
  Object.fromEntries(keys.map((key) => [key, { type: 'string' }])) as {
    [P in K[number]]: { type: 'string' };
  };

export const loginBodySchema = {
  type: 'object',
  properties: {
    ...strings('email', 'password'),
    rememberMe: { type: 'boolean' },
    // chosen on the sign-in page; anything else is ignored rather than failing a sign-in
    language: {},
  },
} as const;

export const signupStep1BodySchema = {
  type: 'object',
  properties: {
    ...strings('firstName', 'lastName', 'email', 'password', 'confirmPassword'),
    acceptTerms: { type: 'boolean' },
    acceptPrivacyPolicy: { type: 'boolean' },
  },
} as const;

export const signupStep2BodySchema = {
  type: 'object',
  properties: {
    ...strings(
      'email',
      'university',
      'department',
      'diploma',
      'professionalTitle',
      'chamberRegistrationNumber',
    ),
    graduationYear: { type: 'number' },
    nationalId: { type: 'string' },
    kvkkConsent: { type: 'boolean' },
  },
} as const;

export const signupStep3BodySchema = {
  type: 'object',
  properties: {
    ...strings('email', 'photo', 'biography'),
    specializations: { type: 'array', items: { type: 'string' } },
    workAreas: { type: 'array', items: { type: 'string' } },
  },
} as const;

export const emailBodySchema = { type: 'object', properties: strings('email') } as const;
export const resetPasswordBodySchema = {
  type: 'object',
  properties: strings('token', 'password', 'confirmPassword'),
} as const;
export const changePasswordBodySchema = {
  type: 'object',
  properties: strings('oldPassword', 'newPassword', 'confirmNewPassword'),
} as const;
export const verifyCodeBodySchema = { type: 'object', properties: strings('code', 'email') } as const;
export type VerifyCodeBody = FromSchema<typeof verifyCodeBodySchema>;
export const verifyEmailQuerySchema = {
  type: 'object',
  properties: { token: { type: 'string', maxLength: 200 } },
} as const;
export type VerifyEmailQuery = FromSchema<typeof verifyEmailQuerySchema>;
export const checkEmailQuerySchema = {
  type: 'object',
  properties: { email: { type: 'string', maxLength: 320 } },
} as const;
export type CheckEmailQuery = FromSchema<typeof checkEmailQuerySchema>;
/** PUT /auth/language: any value reaches the handler, which answers a field error in the request's language. */
export const accountLanguageBodySchema = { type: 'object', properties: { language: {} } } as const;
export const passwordBodySchema = { type: 'object', properties: strings('password') } as const;
export const cancelDeletionBodySchema = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', maxLength: 200 } },
} as const;

/** POST /auth/signup/step1: the new account and the seconds before the mail can be asked for again. */
export const signupStep1AnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['user', 'cooldown'],
  properties: { user: userViewSchema, cooldown: { type: 'integer' } },
} as const;

/** POST /auth/send-verification, /resend-verification: seconds before the next mail. */
export const cooldownAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['cooldown'],
  properties: { cooldown: { type: 'integer' } },
} as const;
export type CooldownAnswer = FromSchema<typeof cooldownAnswerSchema>;

/** GET /auth/check-email?email= */
export const checkEmailAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      additionalProperties: false,
      required: ['available'],
      properties: { available: { type: 'boolean' } },
    },
  },
} as const;
export type CheckEmailAnswer = FromSchema<typeof checkEmailAnswerSchema>;

/** POST /auth/change-password: every session ended, this fresh one answered. */
export const changePasswordAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'accessToken', 'expiresAt'],
  properties: {
    ok: { type: 'boolean', const: true },
    accessToken: { type: 'string' },
    expiresAt: instantSchema,
  },
} as const;
export type ChangePasswordAnswer = FromSchema<typeof changePasswordAnswerSchema>;

/** POST /auth/signup/upload-diploma, /upload-photo */
export const uploadAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['file'],
  properties: {
    file: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name', 'size', 'type'],
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        size: { type: 'integer' },
        type: { type: 'string' },
      },
    },
  },
} as const;
export type UploadAnswer = FromSchema<typeof uploadAnswerSchema>;

/** POST /account/delete and GET /account/deletion: when the purge is due. */
export const deletionAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['deletionDueAt'],
  properties: { deletionDueAt: instantSchema },
} as const;
export type DeletionAnswer = FromSchema<typeof deletionAnswerSchema>;
