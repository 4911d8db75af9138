import { useMutation } from '@tanstack/react-query';
import { normalizeEmail } from '../../../../shared';
import { http } from '../../../lib/http';
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

export function login(input: LoginInput): Promise<LoginResponse> {
  return http.post<LoginResponse>('auth/login', {
    email: normalizeEmail(input.email),
    password: input.password,
    rememberMe: Boolean(input.rememberMe),
  });
}

/** POST /auth/login; the screen stores the session and decides where to land. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
