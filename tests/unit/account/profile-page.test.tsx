import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProfilePage } from '../../../src/client/features/profile/profile-page';
import { i18n } from '../../../src/client/i18n';
import { useAuthStore } from '../../../src/client/stores/auth-store';
import { fakeApi, practitioner, renderPage, resetPage } from '../support/page-harness';

beforeAll(() => i18n.loadNamespaces('account-pages'));
afterEach(resetPage);

/** The value beside a label of the page's description lists. */
function shownFor(label: string): string | null | undefined {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('the profile page', () => {
  it('shows what the server answers now, not what the session held, and writes it back to the session', async () => {
    const stored = practitioner({ firstName: 'Ayşe', university: 'Old University' });
    const fresh = practitioner({
      firstName: 'Ayşe',
      university: 'Hacettepe Üniversitesi',
      department: 'Psikoloji',
      graduationYear: 2015,
      professionalTitle: 'Klinik Psikolog',
      specializations: ['Anxiety', 'ADHD'],
      biography: 'Line one\nLine two',
    });
    const api = fakeApi({ 'GET auth/me': () => ({ body: { user: fresh } }) });
    await renderPage(<ProfilePage />, { path: '/profile', user: stored });

    expect(await screen.findByText('Hacettepe Üniversitesi')).toBeInTheDocument();
    expect(screen.queryByText('Old University')).toBeNull();
    expect(api.to('GET', 'auth/me')).toHaveLength(1);
    expect(useAuthStore.getState().user?.university).toBe('Hacettepe Üniversitesi');
    expect(shownFor('Full name')).toBe('Ayşe Yılmaz');
    expect(shownFor('Email')).toBe('ayse@example.com');
    expect(shownFor('Graduation year')).toBe('2015');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Anxiety', 'ADHD']);
    expect(shownFor('Biography')).toBe('Line one\nLine two');
    // approved: the way on edits the details, it does not ask to complete registration
    expect(screen.getByRole('link', { name: 'Edit profile details' })).toHaveAttribute(
      'href',
      '/signup/step3',
    );
    expect(screen.queryByRole('link', { name: 'Complete registration' })).toBeNull();
  });

  it('in Turkish: what was never given reads "Belirtilmedi"; an account still signing up is sent to finish', async () => {
    const user = practitioner({ accountStatus: 'email_verified', university: null, specializations: [] });
    fakeApi({ 'GET auth/me': () => ({ body: { user } }) });
    await renderPage(<ProfilePage />, { path: '/profile', lang: 'tr', user });

    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeInTheDocument();
    expect(shownFor('Üniversite')).toBe('Belirtilmedi');
    expect(screen.queryAllByRole('listitem')).toEqual([]);
    expect(await screen.findByRole('link', { name: 'Kaydı tamamla' })).toHaveAttribute(
      'href',
      '/signup/step2',
    );
  });

  it('draws nothing for a visitor who is not signed in (the route guard sends them to sign in)', async () => {
    fakeApi({});
    const { container } = await renderPage(<ProfilePage />, { path: '/profile' });
    expect(container.querySelector('h1')).toBeNull();
    expect(screen.queryByText('Full name')).toBeNull();
  });
});
