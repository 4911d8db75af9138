import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, describe, expect, it } from 'vitest';
import { LibraryCard } from '../../../src/client/features/questionnaires/library-card';
import { i18n } from '../../../src/client/i18n';
import { HOME } from './library-entries';

afterAll(async () => {
  await act(() => i18n.changeLanguage('en'));
});

async function renderCard(respondents: typeof HOME.respondents, lang: 'en' | 'tr' = 'en') {
  await act(() => i18n.changeLanguage(lang));
  const router = createMemoryRouter([
    { path: '/', element: <LibraryCard entry={{ ...HOME, respondents }} /> },
  ]);
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

const term = (name: string) => screen.getByText(name, { selector: 'dt' });

describe('a library card and its informant versions (ADR 126)', () => {
  it('names the informant versions of a questionnaire several people answer', async () => {
    await renderCard(['guardian', 'teacher', 'self']);
    expect(term('Informant versions').nextElementSibling).toHaveTextContent(
      'Parent or guardian, Teacher, The young person',
    );
  });

  it('says who answers a questionnaire one person answers', async () => {
    await renderCard(['guardian']);
    expect(term('Who answers').nextElementSibling).toHaveTextContent('Parent or guardian');
    expect(screen.queryByText('Informant versions')).toBeNull();
  });

  it('says it in Turkish', async () => {
    await renderCard(['guardian', 'teacher'], 'tr');
    expect(term('Yanıtlayan formları').nextElementSibling).toHaveTextContent('Veli, Öğretmen');
  });
});
