/** The two intake sections the typing benchmark uses, chosen by `?form=`, with the data each page starts from. */
import type { RJSFSchema } from '@rjsf/utils';
import complaintSchema from '../../schemas/intake/complaint-history/v1.schema.json';
import medicalSchema from '../../schemas/intake/medical-history/v1.schema.json';

export interface TypingForm {
  id: string;
  schema: RJSFSchema;
  /** One empty medication row, so every page has the same row to type into. */
  initial: Record<string, unknown>;
}

const FORMS: Record<string, TypingForm> = {
  'complaint-history': { id: 'intake/complaint-history', schema: complaintSchema as RJSFSchema, initial: {} },
  'medical-history': {
    id: 'intake/medical-history',
    schema: medicalSchema as RJSFSchema,
    initial: { currentMedications: [{}] },
  },
};

export function formFromLocation(): TypingForm {
  const name = new URLSearchParams(location.search).get('form') ?? 'complaint-history';
  const form = FORMS[name];
  if (!form) throw new Error(`unknown form ${name}`);
  return form;
}
