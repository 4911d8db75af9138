export interface IdParams {
  id: string;
}

export const idParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

export const emailSchema = {
  type: 'string',
  maxLength: 254,
  pattern: '^[^\\s@<>]+@[^\\s@<>]+\\.[^\\s@<>]+$',
} as const;
