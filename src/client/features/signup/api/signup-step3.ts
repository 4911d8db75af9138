import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { User } from '../../../stores/auth-store';

export interface Step3Input {
  email: string;
  photo?: string;
  specializations: string[];
  workAreas: string[];
  biography?: string;
}

/** POST /auth/signup/step3: the optional profile; answers the updated user. */
export async function signupStep3(input: Step3Input): Promise<User> {
  const { user } = await http.post<{ user: User }>('auth/signup/step3', input);
  return user;
}

export function useSignupStep3() {
  return useMutation({ mutationFn: signupStep3 });
}
