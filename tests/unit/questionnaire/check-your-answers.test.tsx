import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { FormEngineProvider } from '../../../src/client/forms/engine-context';
import { QuestionnaireForm } from '../../../src/client/forms/questionnaire';
import { i18n } from '../../../src/client/i18n';
import { loadQuestionnaireCatalog } from '../../../src/forms/node';
import type { QuestionnaireDefinition } from '../../../src/forms/questionnaires';
import { precompiledEngine } from '../../fixtures/forms/precompiled-engine';
import { filesWithBedtimeCheck } from '../../fixtures/questionnaires/bedtime-check';
import { QUESTIONNAIRE_LOCALES, QUESTIONNAIRE_SCHEMAS } from '../../fixtures/questionnaires/files';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let engine: ClientFormEngine;
let bedtime: QuestionnaireDefinition;
// bedtime-check added as files, validated in the browser's way (precompiled validators, the form's filter)
beforeAll(async () => {
  const files = filesWithBedtimeCheck({
    schemasDir: QUESTIONNAIRE_SCHEMAS,
    localesDir: QUESTIONNAIRE_LOCALES,
  });
  try {
    engine = await precompiledEngine(files.schemasDir, files.localesDir);
    bedtime = loadQuestionnaireCatalog({ schemasDir: files.schemasDir }).get('bedtime-check');
  } finally {
    files.remove();
  }
});
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

function Harness({
  onSubmit,
  refused,
}: {
  onSubmit: (a: Record<string, unknown>) => void;
  refused?: Record<string, string>;
}) {
  const [value, setValue] = useState<Record<string, unknown>>({});
  return (
    <QuestionnaireForm
      questionnaire={bedtime}
      value={value}
      onChange={setValue}
      onSubmit={onSubmit}
      idPrefix="bed"
      refused={refused}
    >
      <button type="submit">Send my answers</button>
    </QuestionnaireForm>
  );
}

function renderHarness(props: Parameters<typeof Harness>[0]) {
  return render(
    <I18nextProvider i18n={i18n}>
      <FormEngineProvider engine={engine}>
        <Harness {...props} />
      </FormEngineProvider>
    </I18nextProvider>,
  );
}

const group = (name: RegExp) => screen.getByRole('group', { name });
const answer = (user: ReturnType<typeof userEvent.setup>, question: RegExp, option: string) =>
  user.click(within(group(question)).getByRole('radio', { name: option }));

describe('QuestionnaireForm: a submit with required items unanswered', () => {
  it.each([
    {
      lang: 'en',
      title: '3 questions are not answered yet',
      first: 'Answer this question: How often does your child wake in the night?',
      send: 'Send my answers',
    },
    {
      lang: 'tr',
      title: '3 madde henüz yanıtlanmadı',
      first: 'Bu maddeyi yanıtlayın: Çocuğunuz gece ne sıklıkla uyanıyor?',
      send: 'Send my answers',
    },
  ])(
    'in $lang: lists the shown required items, takes focus, and each link focuses its item',
    async ({ lang, title, first, send }) => {
      await act(() => i18n.changeLanguage(lang));
      const onSubmit = vi.fn();
      const user = userEvent.setup();
      renderHarness({ onSubmit });
      await user.click(await screen.findByRole('button', { name: send }));

      const list = await screen.findByRole('alert', { name: title });
      expect(list).toHaveFocus();
      const links = within(list).getAllByRole('link');
      // the hidden follow-up and the optional item are not listed
      expect(links).toHaveLength(3);
      expect(links[0]).toHaveTextContent(first);
      expect(onSubmit).not.toHaveBeenCalled();

      await user.click(links[2]!);
      // the item's first option carries the item's id (ARCHITECTURE: widgets put `id` on the focusable element)
      expect(document.activeElement).toHaveAttribute('type', 'radio');
      expect(document.activeElement).toHaveAttribute('id', 'bed_morningTired');
    },
  );

  it('shows "(optional)" only on the item the author marked optional', async () => {
    renderHarness({ onSubmit: vi.fn() });
    await screen.findByRole('group', { name: /wake in the night/ });
    expect(group(/nap in the day/)).toHaveTextContent('(optional)');
    for (const question of [/wake in the night/, /fall asleep easily/, /tired in the morning/])
      expect(group(question)).not.toHaveTextContent('(optional)');
  });

  it('never blocks on the hidden required follow-up, requires it once shown, then submits the shown answers', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderHarness({ onSubmit });
    await answer(user, /wake in the night/, 'Sometimes');
    await answer(user, /fall asleep easily/, 'Often');
    await answer(user, /tired in the morning/, 'Never');
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        nightWaking: 'sometimes',
        fallsAsleepEasily: 'often',
        morningTired: 'never',
      }),
    );
    expect(screen.queryByRole('alert')).toBeNull();

    onSubmit.mockClear();
    await answer(user, /wake in the night/, 'Often');
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    const list = await screen.findByRole('alert', { name: '1 question is not answered yet' });
    expect(within(list).getByRole('link')).toHaveTextContent(
      'Answer this question: What usually wakes your child?',
    );
    expect(onSubmit).not.toHaveBeenCalled();

    await answer(user, /What usually wakes/, 'Noise');
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ wakingDetail: 'noise' })),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusal (422 fields) in the same list", async () => {
    renderHarness({ onSubmit: vi.fn(), refused: { morningTired: 'Answer this question: from the server' } });
    const list = await screen.findByRole('alert', { name: '1 question is not answered yet' });
    expect(within(list).getByRole('link', { name: 'Answer this question: from the server' })).toHaveAttribute(
      'href',
      '#bed_morningTired',
    );
    expect(list).toHaveFocus();
  });
});
