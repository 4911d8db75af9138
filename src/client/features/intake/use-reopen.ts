import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast';
import { queryKeys } from '../../lib/query-keys';
import { reopenIntake } from './api/reopen-intake';
import type { IntakeRecord } from './api/types';

/** Reopens a submitted record (after the dialog's confirmation) and puts the draft in the cache. */
export function useReopen(record: IntakeRecord, onReopened: () => void) {
  const { t } = useTranslation('intake');
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [reopening, setReopening] = useState(false);

  const confirm = async () => {
    setReopening(true);
    try {
      const answer = await reopenIntake(record.id, record.version);
      queryClient.setQueryData<IntakeRecord>(queryKeys.intakes.record(record.id), (old) => ({
        ...(old ?? record),
        status: answer.status,
        version: answer.version,
        updatedAt: answer.updatedAt,
        submittedAt: null,
      }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.intakes.list });
      setAsking(false);
      toast.success(t('reopen.done'));
      onReopened();
    } catch {
      // a stale page (reopened or changed elsewhere): load where the record is now
      toast.error(t('toasts.reopenFailed'));
      void queryClient.invalidateQueries({ queryKey: queryKeys.intakes.record(record.id) });
      setAsking(false);
    } finally {
      setReopening(false);
    }
  };

  return { asking, reopening, ask: () => setAsking(true), cancel: () => setAsking(false), confirm };
}
