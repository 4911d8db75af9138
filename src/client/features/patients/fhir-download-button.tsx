import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { toast } from '../../components/toast';
import { http } from '../../lib/http';
import { saveFile } from '../../lib/save-file';

/** GET /clients/:id/fhir.json (application/fhir+json), handed to the browser as a download. */
async function downloadFhir(clientId: string): Promise<void> {
  saveFile(
    await http.download(
      `clients/${encodeURIComponent(clientId)}/fhir.json`,
      `fhir-${clientId.slice(0, 8)}.json`,
    ),
  );
}

/**
 * 'Download for clinical systems (FHIR)': the client's responses and scores as one FHIR R4 Bundle (ADR 131) for
 * another clinical system to import, with a line saying what that is; a failure says so in a toast.
 */
export function FhirDownloadButton({
  clientId,
  disabled,
  className,
}: {
  clientId: string;
  disabled?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('questionnaires');
  const hintId = useId();
  const download = useMutation({
    mutationFn: () => downloadFhir(clientId),
    onError: () => toast.error(t('fhir.downloadFailed')),
  });
  return (
    <div className={className}>
      <Button
        variant="secondary"
        onClick={() => download.mutate()}
        loading={download.isPending}
        disabled={disabled}
        aria-describedby={hintId}
      >
        {t('fhir.download')}
      </Button>
      <p id={hintId} className="mt-1 max-w-prose text-sm text-gray-600">
        {t('fhir.hint')}
      </p>
    </div>
  );
}
