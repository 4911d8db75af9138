import type { FromSchema } from 'json-schema-to-ts';
import { ACCOUNT_STATUSES } from './account-status.ts';
import { instantSchema, nullableStringSchema } from './schemas.ts';

/** The `user` object of every account answer. Never carries the national ID, hashes or internal ids. */
export const userViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'firstName',
    'lastName',
    'email',
    'emailVerified',
    'accountStatus',
    'professionalTitle',
    'university',
    'department',
    'graduationYear',
    'chamberRegistrationNumber',
    'specializations',
    'workAreas',
    'biography',
    'photo',
    'hasDiploma',
    'language',
    'createdAt',
  ],
  properties: {
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: 'string' },
    emailVerified: { type: 'boolean' },
    accountStatus: { type: 'string', enum: ACCOUNT_STATUSES },
    professionalTitle: nullableStringSchema,
    university: nullableStringSchema,
    department: nullableStringSchema,
    graduationYear: { type: ['integer', 'null'] },
    chamberRegistrationNumber: nullableStringSchema,
    specializations: { type: 'array', items: { type: 'string' } },
    workAreas: { type: 'array', items: { type: 'string' } },
    biography: nullableStringSchema,
    /** File id of the profile photo, readable at GET /api/files/:id. */
    photo: nullableStringSchema,
    hasDiploma: { type: 'boolean' },
    /** The interface language kept on the account ('en' or 'tr', ADR 064). */
    language: { type: 'string' },
    /** When the account was made: the dashboard's 'member since'. */
    createdAt: instantSchema,
  },
} as const;
export type UserView = FromSchema<typeof userViewSchema>;

/** `{ user }`: the answer of the sign-up steps, verification, /me and a language change. */
export const userAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['user'],
  properties: { user: userViewSchema },
} as const;

/** A new session: the Bearer token (it also travels as an httpOnly cookie) and when it ends. */
export const sessionAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['user', 'accessToken', 'expiresAt'],
  properties: { user: userViewSchema, accessToken: { type: 'string' }, expiresAt: instantSchema },
} as const;
export type SessionAnswer = FromSchema<typeof sessionAnswerSchema>;
