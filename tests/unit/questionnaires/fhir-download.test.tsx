import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster, useToastStore } from '../../../src/client/components/toast';
import { FhirDownloadButton } from '../../../src/client/features/patients/fhir-download-button';
import { i18n } from '../../../src/client/i18n';

const http = vi.hoisted(() => ({ download: vi.fn() }));
vi.mock('../../../src/client/lib/http', () => ({ http }));
const saveFile = vi.hoisted(() => vi.fn());
vi.mock('../../../src/client/lib/save-file', () => ({ saveFile }));

const CLIENT = '0b8c7e36-4f4a-4d6e-9a51-1c2d3e4f5a6b';

function renderButton(name: string) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: 0 } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <FhirDownloadButton clientId={CLIENT} />
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return screen.getByRole('button', { name });
}

describe("the client's FHIR bundle as a download (client page)", () => {
  beforeEach(() => useToastStore.getState().clear());
  afterEach(async () => {
    cleanup();
    vi.clearAllMocks();
    await i18n.changeLanguage('en');
  });

  it('fetches the bundle, hands it to the browser, and is described by what FHIR is for', async () => {
    const file = { blob: new Blob(['{}']), fileName: 'fhir-AY-2026-11-26.json' };
    http.download.mockResolvedValue(file);
    const button = renderButton('Download for clinical systems (FHIR)');
    expect(button).toHaveAccessibleDescription(/electronic health record systems can import/);
    fireEvent.click(button);
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(file));
    expect(http.download).toHaveBeenCalledWith(`clients/${CLIENT}/fhir.json`, 'fhir-0b8c7e36.json');
  });

  it('says in Turkish, in a toast, when the file could not be made', async () => {
    await i18n.changeLanguage('tr');
    http.download.mockRejectedValue(new Error('offline'));
    fireEvent.click(renderButton('Klinik sistemler için indir (FHIR)'));
    expect(await screen.findByRole('alert')).toHaveTextContent('FHIR dosyası indirilemedi.');
    expect(saveFile).not.toHaveBeenCalled();
  });
});
