import type { FromSchema } from 'json-schema-to-ts';

/** GET /api/config: the deployment's public settings, read by the client at start. */
export const appConfigViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'productName',
    'supportEmail',
    'requireEmailVerification',
    'requireApproval',
    'deletionGraceDays',
  ],
  properties: {
    productName: { type: 'string' },
    supportEmail: { type: 'string' },
    requireEmailVerification: { type: 'boolean' },
    /** REQUIRE_APPROVAL: client data opens only to approved accounts (ADR 105). */
    requireApproval: { type: 'boolean' },
    /** Days between 'Delete my account' and the purge (DELETION_GRACE_DAYS). */
    deletionGraceDays: { type: 'integer' },
  },
} as const;
export type AppConfigView = FromSchema<typeof appConfigViewSchema>;
