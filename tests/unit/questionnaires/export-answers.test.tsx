import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster, useToastStore } from '../../../src/client/components/toast';
import { ExportAnswers } from '../../../src/client/features/patients/export-answers';
import { i18n } from '../../../src/client/i18n';

const http = vi.hoisted(() => ({ download: vi.fn() }));
vi.mock('../../../src/client/lib/http', () => ({ http }));
const saveFile = vi.hoisted(() => vi.fn());
vi.mock('../../../src/client/lib/save-file', () => ({ saveFile }));

const CLIENT = '0b8c7e36-4f4a-4d6e-9a51-1c2d3e4f5a6b';
const FILE = { blob: new Blob(['{}']), fileName: 'answers-home-routines-AY-2026-11-26.json' };

async function renderExport(lang: 'en' | 'tr' = 'en') {
  await i18n.changeLanguage(lang);
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: 0 } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ExportAnswers clientId={CLIENT} questionnaireId="home-routines" title="Home Routines" />
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const openDialog = (name: string) => {
  fireEvent.click(screen.getByRole('button', { name }));
  return screen.getByRole('dialog');
};

describe('exporting one questionnaire’s answers from the client page (ADR 130)', () => {
  beforeEach(() => useToastStore.getState().clear());
  afterEach(async () => {
    cleanup();
    vi.clearAllMocks();
    await i18n.changeLanguage('en');
  });

  it('offers CSV without free text first, downloads it and closes', async () => {
    http.download.mockResolvedValue(FILE);
    await renderExport();
    const dialog = openDialog('Export answers: Home Routines');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Export the answers to Home Routines');
    expect(within(dialog).getByRole('radio', { name: 'CSV for spreadsheets (Excel)' })).toBeChecked();
    const freeText = within(dialog).getByRole('checkbox', { name: 'Include free-text answers' });
    expect(freeText).not.toBeChecked();
    expect(freeText).toHaveAccessibleDescription(/can name people and places/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(FILE));
    expect(http.download).toHaveBeenCalledWith(
      `clients/${CLIENT}/answers.csv?questionnaire=home-routines`,
      'answers-home-routines.csv',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for JSON with free text only when both are chosen, and starts over unticked next time', async () => {
    http.download.mockResolvedValue(FILE);
    await renderExport();
    let dialog = openDialog('Export answers: Home Routines');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'JSON for other programs' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Include free-text answers' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(http.download).toHaveBeenCalledWith(
        `clients/${CLIENT}/answers.json?questionnaire=home-routines&freeText=true`,
        'answers-home-routines.json',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = openDialog('Export answers: Home Routines');
    expect(within(dialog).getByRole('checkbox', { name: 'Include free-text answers' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'CSV for spreadsheets (Excel)' })).toBeChecked();
  });

  it('is busy while the file comes, and says so in a toast when it fails, the dialog still open', async () => {
    let fail: (error: Error) => void = () => {};
    http.download.mockImplementation(() => new Promise((_, reject) => (fail = reject)));
    await renderExport();
    const dialog = openDialog('Export answers: Home Routines');
    const download = within(dialog).getByRole('button', { name: 'Download' });
    fireEvent.click(download);
    await waitFor(() => expect(download).toHaveAttribute('aria-busy', 'true'));
    fail(new Error('offline'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The answers could not be exported.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('speaks Turkish to a Turkish practitioner', async () => {
    await renderExport('tr');
    const dialog = openDialog('Yanıtları dışa aktar: Home Routines');
    expect(within(dialog).getByRole('group', { name: 'Biçim' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Elektronik tablo için CSV (Excel)' })).toBeChecked();
    expect(
      within(dialog).getByRole('checkbox', { name: 'Serbest metin yanıtlarını dahil et' }),
    ).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'İndir' })).toBeInTheDocument();
  });
});
