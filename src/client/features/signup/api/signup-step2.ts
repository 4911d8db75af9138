import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { User } from '../../../stores/auth-store';

export interface Step2Input {
  email: string;
  university: string;
  department: string;
  graduationYear: number;
  diploma?: string;
  professionalTitle: string;
  chamberRegistrationNumber?: string;
  nationalId: string;
  kvkkConsent: boolean;
}

/** POST /auth/signup/step2: professional credentials; answers the updated user. */
export async function signupStep2(input: Step2Input): Promise<User> {
  const { user } = await http.post<{ user: User }>('auth/signup/step2', input);
  return user;
}

export function useSignupStep2() {
  return useMutation({ mutationFn: signupStep2 });
}
