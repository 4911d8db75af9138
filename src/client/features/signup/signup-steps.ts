import manifest from '../../../../schemas/signup/manifest.json';

export interface SignupStep {
  key: string;
  form: string;
  version: number;
  route: string;
}

/** The sign-up steps in the manifest's order: form, version and route of each. */
export const SIGNUP_STEPS: SignupStep[] = manifest.parts.map((part) => ({
  key: part.key,
  form: part.form,
  version: part.version,
  route: `/signup/${part.slug}`,
}));

export function stepAt(index: 0 | 1 | 2): SignupStep {
  return SIGNUP_STEPS[index]!;
}
