import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster, useToastStore } from '../../../src/client/components/toast';
import { DownloadScoresButton } from '../../../src/client/features/patients/download-scores-button';
import { i18n } from '../../../src/client/i18n';

const http = vi.hoisted(() => ({ download: vi.fn() }));
vi.mock('../../../src/client/lib/http', () => ({ http }));
const saveFile = vi.hoisted(() => vi.fn());
vi.mock('../../../src/client/lib/save-file', () => ({ saveFile }));

const CLIENT = '0b8c7e36-4f4a-4d6e-9a51-1c2d3e4f5a6b';

function renderButton() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: 0 } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <DownloadScoresButton clientId={CLIENT} />
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return screen.getByRole('button', { name: 'Download scores (CSV)' });
}

describe("the client's scores as a CSV download (client page and results page)", () => {
  beforeEach(() => useToastStore.getState().clear());
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('is busy while the file comes, then hands it to the browser under its name', async () => {
    let arrive: (file: unknown) => void = () => {};
    const file = { blob: new Blob(['a;b']), fileName: 'scores-0b8c7e36.csv' };
    http.download.mockImplementation(() => new Promise((resolve) => (arrive = resolve)));
    const button = renderButton();
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(http.download).toHaveBeenCalledWith(`clients/${CLIENT}/scores.csv`, 'scores-0b8c7e36.csv');
    arrive(file);
    await waitFor(() => expect(button).not.toBeDisabled());
    expect(saveFile).toHaveBeenCalledWith(file);
  });

  it('says in a toast when the file could not be made, and can be tried again', async () => {
    http.download.mockRejectedValue(new Error('offline'));
    const button = renderButton();
    fireEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('The scores could not be downloaded.');
    expect(button).not.toBeDisabled();
    expect(saveFile).not.toHaveBeenCalled();
  });
});
