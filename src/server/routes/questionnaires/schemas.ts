export interface IdParams {
  id: string;
}

export const idParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

export const versionSchema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

/** Answers are one object of items; their shape is the pinned form's to check, with the engine. */
export const answersSchema = { type: 'object', maxProperties: 500 } as const;

/** A language a questionnaire is filled in; whether this questionnaire has it is the service's to check. */
export const languageSchema = { type: 'string', enum: ['en', 'tr'] } as const;
