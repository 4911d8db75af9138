import { useMutation } from '@tanstack/react-query';
import { normalizeEmail } from '../../../../shared';
import { http } from '../../../lib/http';
import type { User } from '../../../stores/auth-store';

export interface Step1Input {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
  acceptPrivacyPolicy: boolean;
}

export interface Step1Response {
  user: User;
  /** Seconds before the verification e-mail may be sent again. */
  cooldown?: number;
}

/** POST /auth/signup/step1: creates the account and sends the verification e-mail. */
export function signupStep1(input: Step1Input): Promise<Step1Response> {
  return http.post<Step1Response>('auth/signup/step1', { ...input, email: normalizeEmail(input.email) });
}

export function useSignupStep1() {
  return useMutation({ mutationFn: signupStep1 });
}
