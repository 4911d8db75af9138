/** The five requirements of the password strength meter, in checklist order. */
export const PASSWORD_REQUIREMENTS = ['length', 'uppercase', 'lowercase', 'digit', 'special'] as const;
export type PasswordRequirement = (typeof PASSWORD_REQUIREMENTS)[number];
export type StrengthLevel = 'weak' | 'medium' | 'strong' | 'veryStrong';

const SPECIAL = /[!@#$%^&*(),.?":{}|<>]/;

const TESTS: Record<PasswordRequirement, (password: string) => boolean> = {
  length: (p) => p.length >= 8,
  uppercase: (p) => /[A-Z]/.test(p),
  lowercase: (p) => /[a-z]/.test(p),
  digit: (p) => /[0-9]/.test(p),
  special: (p) => SPECIAL.test(p),
};

export interface PasswordStrength {
  met: Record<PasswordRequirement, boolean>;
  count: number;
  level: StrengthLevel;
}

/** 2 or fewer requirements met: Weak; 3-4: Medium; all 5: Strong, and Very strong from 12 characters. */
export function passwordStrength(password: string): PasswordStrength {
  const met = Object.fromEntries(PASSWORD_REQUIREMENTS.map((r) => [r, TESTS[r](password)])) as Record<
    PasswordRequirement,
    boolean
  >;
  const count = PASSWORD_REQUIREMENTS.filter((r) => met[r]).length;
  const level: StrengthLevel =
    count <= 2 ? 'weak' : count < 5 ? 'medium' : password.length >= 12 ? 'veryStrong' : 'strong';
  return { met, count, level };
}
