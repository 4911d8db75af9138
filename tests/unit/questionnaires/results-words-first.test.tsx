import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import {
  type FormEngineLoader,
  FormEngineProvider,
  type FormNeeds,
  useEngineWarmUp,
} from '../../../src/client/forms/engine-context';
import { i18n } from '../../../src/client/i18n';

/** A loader whose forms arrive when the test says. */
function heldLoader() {
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  const promise = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const loader: FormEngineLoader = {
    ready: vi.fn(() => promise),
    current: () => ({}) as ClientFormEngine,
  };
  return { loader, settle: settle! };
}

const NEEDS: FormNeeds = { forms: [{ form: 'questionnaires/school-day', version: 1 }] };

function Screen() {
  const ready = useEngineWarmUp(NEEDS);
  return <p>{ready ? 'drawn' : 'waiting'}</p>;
}

function renderWith(loader: FormEngineLoader) {
  render(
    <I18nextProvider i18n={i18n}>
      <FormEngineProvider engine={loader}>
        <Screen />
      </FormEngineProvider>
    </I18nextProvider>,
  );
}

// the results page waits for its questionnaire's words before drawing, so it draws in one go (ADR 143)
describe('useEngineWarmUp with the forms a screen draws', () => {
  it('loads them at once and says when they have arrived', async () => {
    const { loader, settle } = heldLoader();
    renderWith(loader);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(loader.ready).toHaveBeenCalledWith(NEEDS, 'en');
    await act(async () => settle.resolve());
    expect(screen.getByText('drawn')).toBeInTheDocument();
  });

  it('lets the screen draw when they fail, so that its own engine shows the error', async () => {
    const { loader, settle } = heldLoader();
    renderWith(loader);
    await act(async () => settle.reject(new Error('offline')));
    expect(screen.getByText('drawn')).toBeInTheDocument();
  });
});
