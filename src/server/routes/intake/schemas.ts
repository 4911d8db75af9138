import type { IntakeSaveBody, SectionData } from '../../../shared';
import { validationFailed } from '../../errors';

/** The section objects of a save body, in manifest order. */
export function sectionsOf(body: IntakeSaveBody, sectionKeys: string[]): Record<string, SectionData> {
  const sections: Record<string, SectionData> = {};
  for (const key of sectionKeys) {
    const value = body[key];
    if (value !== undefined) sections[key] = value as SectionData;
  }
  return sections;
}

/** No body, `{}` or `{ version: <positive integer> }`; anything else is a 400. */
export function versionOf(body: unknown): number | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'object' || Array.isArray(body))
    throw validationFailed({ _form: { key: 'validation.invalid' } });
  const { version, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0) throw validationFailed({ _form: { key: 'validation.invalid' } });
  if (version === undefined) return undefined;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw validationFailed({ version: { key: 'validation.invalid' } });
  }
  return version;
}
