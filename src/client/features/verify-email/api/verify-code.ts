import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { User } from '../../../stores/auth-store';

export interface VerifyCodeInput {
  email: string;
  code: string;
}

/** POST /auth/verify-code: the 6-digit code of the verification e-mail (the session's account when signed in). */
export async function verifyCode(input: VerifyCodeInput): Promise<User> {
  const { user } = await http.post<{ user: User }>('auth/verify-code', input);
  return user;
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
