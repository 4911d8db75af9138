import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, type User, useAuthStore } from '../../../src/client/stores/auth-store';

const user: User = { firstName: 'Ali', lastName: 'Can', email: 'ali@example.com', emailVerified: true };

function stored(storage: Storage) {
  const raw = storage.getItem(AUTH_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as { state: Record<string, unknown> }).state : null;
}

describe('the session store (spec section 3)', () => {
  beforeEach(() => {
    useAuthStore.getState().logout();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('keeps user, token, isAuthenticated and signupData in sessionStorage under auth-storage', () => {
    useAuthStore.getState().login(user, 'tok');
    useAuthStore.getState().updateSignupData({ firstName: 'Ali' });
    expect(stored(sessionStorage)).toMatchObject({
      user,
      token: 'tok',
      isAuthenticated: true,
      signupData: { firstName: 'Ali' },
    });
    expect(stored(localStorage)).toBeNull();
  });

  it('merges sign-up data step by step and can clear it', () => {
    const { updateSignupData } = useAuthStore.getState();
    updateSignupData({ firstName: 'Ali', email: 'ali@example.com' });
    updateSignupData({ university: 'Ege Üniversitesi', step: 3 });
    expect(useAuthStore.getState().signupData).toEqual({
      firstName: 'Ali',
      email: 'ali@example.com',
      university: 'Ege Üniversitesi',
      step: 3,
    });
    useAuthStore.getState().clearSignupData();
    expect(useAuthStore.getState().signupData).toEqual({});
  });

  it('never writes passwords or the national ID to storage', () => {
    useAuthStore
      .getState()
      .updateSignupData({ password: 'S3cret!x', confirmPassword: 'S3cret!x', nationalId: '10000000146' });
    expect(useAuthStore.getState().signupData.password).toBe('S3cret!x');
    expect(sessionStorage.getItem(AUTH_STORAGE_KEY)).not.toMatch(/S3cret|10000000146/);
  });

  it("with 'Remember me' mirrors the session (without sign-up data) to localStorage, restored in a new browser session", async () => {
    useAuthStore.getState().updateSignupData({ firstName: 'Ali' });
    useAuthStore.getState().login(user, 'tok', true);
    expect(stored(localStorage)).toMatchObject({ token: 'tok', isAuthenticated: true, signupData: {} });

    // the browser was closed: the tab store is empty, the mirror holds what was remembered
    sessionStorage.clear();
    const mirror = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY)!);
    mirror.state.token = 'remembered-token';
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(mirror));
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState()).toMatchObject({ token: 'remembered-token', isAuthenticated: true, user });
  });

  it('logout clears the session, the sign-up data and both storages', () => {
    useAuthStore.getState().login(user, 'tok', true);
    useAuthStore.getState().updateSignupData({ firstName: 'Ali' });
    useAuthStore.getState().logout();
    expect(useAuthStore.getState()).toMatchObject({
      user: null,
      token: null,
      isAuthenticated: false,
      signupData: {},
    });
    expect(stored(localStorage)).toBeNull();
    expect(stored(sessionStorage)).toMatchObject({ token: null, isAuthenticated: false });
  });
});
