import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { PrintHeading } from '../../../src/client/features/intake/intake-summary-print';
import { i18n } from '../../../src/client/i18n';
import { createHttpClient, setHttpClient } from '../../../src/client/lib/http';
import { type User, useAuthStore } from '../../../src/client/stores/auth-store';

const user: User = {
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  email: 'ayse@example.com',
  emailVerified: true,
  accountStatus: 'approved',
  professionalTitle: 'Uzman Klinik Psikolog',
};

async function renderHeading() {
  let served = 0;
  const fakeFetch = async () => {
    served += 1;
    return new Response(JSON.stringify({ user }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  setHttpClient(createHttpClient({ prefixUrl: 'http://app.test/api', fetch: fakeFetch as typeof fetch }));
  useAuthStore.getState().login(user, 'token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <PrintHeading name="Deniz Kaya" />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  // the page refreshes the user from the server on mount: wait until that answer is in
  await waitFor(() => {
    expect(served).toBe(1);
    expect(client.isFetching()).toBe(0);
  });
}

afterEach(async () => {
  act(() => useAuthStore.getState().logout());
  sessionStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

describe('the print heading names the practitioner by their own title (sign-up profile)', () => {
  it.each([
    ['en', 'Practitioner', 'Ayşe Yılmaz, Clinical Psychologist'],
    ['tr', 'Hazırlayan', 'Ayşe Yılmaz, Uzman Klinik Psikolog'],
  ])('%s: "%s" %s, never a title for everyone', async (lang, label, signature) => {
    await act(() => i18n.changeLanguage(lang));
    await renderHeading();
    const heading = document.querySelector('[data-print-heading]')!;
    expect(heading).toHaveTextContent(label);
    expect(await screen.findByText(signature)).toBeInTheDocument();
    expect(heading.textContent).not.toMatch(/Uzman(?! Klinik)/);
  });
});
