/**
 * The calls around the product (ADR 117): health for process managers, the operator's commands and the
 * developer's mail outbox. The product's screens do not call them.
 */

/** GET /health/live */
export const liveAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: { status: { type: 'string', const: 'ok' } },
} as const;

/** GET /health/ready: the database answers; the mail queue is reported, never a 503 (ADR 054). */
export const readyAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'database', 'mail'],
  properties: {
    status: { type: 'string', const: 'ok' },
    database: { type: 'string', const: 'ok' },
    mail: {
      type: 'object',
      additionalProperties: false,
      required: ['transport', 'pending', 'failed', 'oldestPendingSeconds'],
      properties: {
        transport: { type: 'string' },
        pending: { type: 'integer' },
        failed: { type: 'integer' },
        oldestPendingSeconds: { type: ['integer', 'null'] },
      },
    },
  },
} as const;

/** GET /health/ready when the database does not answer (with Retry-After). */
export const notReadyAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['code', 'message', 'status', 'database', 'mail'],
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    status: { type: 'string', const: 'unavailable' },
    database: { type: 'string', const: 'unavailable' },
    mail: {
      type: 'object',
      additionalProperties: false,
      required: ['transport'],
      properties: { transport: { type: 'string' } },
    },
  },
} as const;

/** POST /admin/run { args }: one operator command (ADR 013). */
export const adminRunBodySchema = {
  type: 'object',
  properties: { args: { type: 'array', items: { type: 'string', maxLength: 320 }, maxItems: 5 } },
  required: ['args'],
} as const;
export const adminRunAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['output'],
  properties: {
    output: { type: 'string' },
    diploma: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['name', 'type', 'base64'],
      properties: { name: { type: 'string' }, type: { type: 'string' }, base64: { type: 'string' } },
    },
  },
} as const;

/** GET /dev/outbox?to=&limit= (development only, ADR 104) */
export const outboxQuerySchema = {
  type: 'object',
  properties: {
    to: { type: 'string', maxLength: 320 },
    limit: { type: 'string', pattern: '^[0-9]{1,3}$' },
  },
} as const;
export const outboxAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['mails'],
  properties: {
    mails: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'kind', 'to', 'subject', 'text', 'html', 'links', 'createdAt'],
        properties: {
          id: { type: 'integer' },
          kind: { type: 'string' },
          to: { type: 'string' },
          subject: { type: 'string' },
          text: { type: 'string' },
          html: { type: 'string' },
          links: { type: 'array', items: { type: 'string' } },
          createdAt: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
} as const;
