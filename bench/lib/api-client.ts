/** The product's API as a user meets it: sign up, verify through the dev outbox link, log in, start an intake. */

export interface Practitioner {
  email: string;
  password: string;
  token: string;
}

export const BENCH_PASSWORD = 'Bench!Pass2026';

/** Set-up calls that answered 5xx once and succeeded on a second try: reported in results.json. */
export const retriedCalls: string[] = [];

async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    // a 5xx while setting up is the product's failure, not the figure's: try once more, and say so
    if (response.status >= 500 && attempt === 1) {
      retriedCalls.push(`${method} ${path.split('?')[0]}: ${response.status} ${text.slice(0, 200)}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      continue;
    }
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : undefined;
  }
}

/** The verification token of the newest mail to `email` in the dev outbox. */
async function verificationToken(base: string, email: string): Promise<string> {
  const { mails } = (await call(base, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)) as {
    mails: Array<{ links: string[] | string }>;
  };
  for (const mail of mails) {
    const links = typeof mail.links === 'string' ? (JSON.parse(mail.links) as string[]) : mail.links;
    for (const link of links) {
      const token = new URL(link).searchParams.get('token');
      if (link.includes('verify-email') && token) return token;
    }
  }
  throw new Error(`no verification link for ${email} in the dev outbox`);
}

export async function login(base: string, email: string, password: string): Promise<string> {
  const { accessToken } = (await call(base, 'POST', '/api/auth/login', { email, password })) as {
    accessToken: string;
  };
  return accessToken;
}

/** A verified practitioner with a session, created through the API. */
export async function createPractitioner(base: string, email: string): Promise<Practitioner> {
  await call(base, 'POST', '/api/auth/signup/step1', {
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    email,
    password: BENCH_PASSWORD,
    confirmPassword: BENCH_PASSWORD,
    acceptTerms: true,
    acceptPrivacyPolicy: true,
  });
  const token = await verificationToken(base, email);
  await call(base, 'GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  return { email, password: BENCH_PASSWORD, token: await login(base, email, BENCH_PASSWORD) };
}

export interface SavedIntake {
  id: string;
  version: number;
}

/** POST /api/client-intake: a new draft record holding the given sections. */
export async function createIntake(
  base: string,
  token: string,
  sections: Record<string, unknown>,
): Promise<SavedIntake> {
  return (await call(
    base,
    'POST',
    '/api/client-intake',
    { status: 'draft', ...sections },
    token,
  )) as SavedIntake;
}

export async function getJson(base: string, path: string, token?: string): Promise<unknown> {
  return call(base, 'GET', path, undefined, token);
}
