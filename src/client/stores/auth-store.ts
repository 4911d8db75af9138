import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import type { UserView } from '../../shared';

type Always = 'firstName' | 'lastName' | 'email' | 'emailVerified';

/**
 * The practitioner as the server describes them (`UserView` of the contract). A session kept in storage by an
 * earlier build may lack the other fields, and an unknown status is shown as it is (ADR 021).
 */
export type User = Pick<UserView, Always> & {
  [K in Exclude<keyof UserView, Always | 'accountStatus'>]?: UserView[K] | null;
} & {
  accountStatus?: string | null;
  [key: string]: unknown;
};

/** Partial data of the three sign-up steps, merged step by step. */
export interface SignupData {
  firstName?: string;
  lastName?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
  acceptTerms?: boolean;
  acceptPrivacyPolicy?: boolean;
  university?: string;
  department?: string;
  graduationYear?: number;
  professionalTitle?: string;
  chamberRegistrationNumber?: string;
  nationalId?: string;
  kvkkConsent?: boolean;
  diploma?: UploadedFile;
  specializations?: string[];
  workAreas?: string[];
  biography?: string;
  photo?: UploadedFile;
  /** 3 after step 2, 'completed' after step 3. */
  step?: 3 | 'completed';
  [key: string]: unknown;
}

export interface UploadedFile {
  id: string;
  name: string;
  size: number;
  type: string;
}

export interface AuthState {
  user: User | null;
  token: string | null;
  isAuthenticated: boolean;
  /** True while the session is being checked against the server. */
  isLoading: boolean;
  signupData: SignupData;
  /** 'Remember me': the session is mirrored to localStorage and survives closing the browser. */
  rememberMe: boolean;
  login: (user: User, token: string, rememberMe?: boolean) => void;
  setUser: (user: User) => void;
  setLoading: (isLoading: boolean) => void;
  logout: () => void;
  updateSignupData: (data: Partial<SignupData>) => void;
  clearSignupData: () => void;
}

export const AUTH_STORAGE_KEY = 'auth-storage';

// secrets never reach web storage, even for the length of a tab
const UNSTORED_SIGNUP_FIELDS = ['password', 'confirmPassword', 'nationalId'] as const;

type Persisted = Pick<AuthState, 'user' | 'token' | 'isAuthenticated' | 'signupData' | 'rememberMe'>;

/**
 * sessionStorage is the store of record; with 'Remember me' the session (without sign-up data)
 * is mirrored to localStorage, read back when a new browser session starts with an empty tab store.
 */
const rememberingStorage: StateStorage = {
  getItem: (name) => sessionStorage.getItem(name) ?? localStorage.getItem(name),
  setItem: (name, value) => {
    sessionStorage.setItem(name, value);
    try {
      const parsed = JSON.parse(value) as { state?: Persisted; version?: number };
      if (parsed.state?.rememberMe && parsed.state.isAuthenticated) {
        const { signupData: _omit, ...session } = parsed.state;
        localStorage.setItem(name, JSON.stringify({ ...parsed, state: { ...session, signupData: {} } }));
      } else {
        localStorage.removeItem(name);
      }
    } catch {
      localStorage.removeItem(name);
    }
  },
  removeItem: (name) => {
    sessionStorage.removeItem(name);
    localStorage.removeItem(name);
  },
};

function withoutSecrets(data: SignupData): SignupData {
  const copy = { ...data };
  for (const key of UNSTORED_SIGNUP_FIELDS) delete copy[key];
  return copy;
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      user: null,
      token: null,
      isAuthenticated: false,
      isLoading: false,
      signupData: {},
      rememberMe: false,
      login: (user, token, rememberMe = false) => set({ user, token, isAuthenticated: true, rememberMe }),
      setUser: (user) => set({ user }),
      setLoading: (isLoading) => set({ isLoading }),
      logout: () =>
        set({
          user: null,
          token: null,
          isAuthenticated: false,
          signupData: {},
          rememberMe: false,
          isLoading: false,
        }),
      updateSignupData: (data) => set((state) => ({ signupData: { ...state.signupData, ...data } })),
      clearSignupData: () => set({ signupData: {} }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => rememberingStorage),
      partialize: (state): Persisted => ({
        user: state.user,
        token: state.token,
        isAuthenticated: state.isAuthenticated,
        signupData: withoutSecrets(state.signupData),
        rememberMe: state.rememberMe,
      }),
    },
  ),
);
