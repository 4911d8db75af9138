import { useMutation } from '@tanstack/react-query';
import { normalizeEmail } from '../../../../shared';
import { http } from '../../../lib/http';
import {
  forgetLanguageChosenBeforeSignIn,
  languageChosenBeforeSignIn,
} from '../../../stores/account-language';
import type { User } from '../../../stores/auth-store';

export interface LoginInput {
  email: string;
  password: string;
  rememberMe?: boolean;
}

export interface LoginResponse {
  user: User;
  accessToken: string;
}

/** A language switched to before signing in goes along and becomes the account's (ADR 112). */
export async function login(input: LoginInput): Promise<LoginResponse> {
  const language = languageChosenBeforeSignIn();
  const answer = await http.post<LoginResponse>('auth/login', {
    email: normalizeEmail(input.email),
    password: input.password,
    rememberMe: Boolean(input.rememberMe),
    ...(language ? { language } : {}),
  });
  forgetLanguageChosenBeforeSignIn();
  return answer;
}

/** POST /auth/login; the screen stores the session and decides where to land. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
