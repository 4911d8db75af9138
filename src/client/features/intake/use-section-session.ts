import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import type { FormDefinition, ManifestPart } from '../../../forms';
import type { FormRef } from '../../../shared';
import { toast } from '../../components/toast';
import { useFormEngine } from '../../forms/engine-context';
import { usePendingEdits } from '../../forms/pending-edits';
import { fieldOrder, sortByFieldOrder } from '../../forms/rjsf-errors';
import { queryKeys } from '../../lib/query-keys';
import { getIntake } from './api/get-intake';
import { reopenIntake } from './api/reopen-intake';
import { saveIntake } from './api/save-intake';
import type { IntakeRecord } from './api/types';
import { withDefaults, withRowIds } from './form-data';
import { useLang } from './intake-parts';
import { recordAfterSave } from './record-cache';
import type { SectionHost } from './section-host';
import { SectionSession } from './section-session';

export interface UseSectionSessionOptions {
  parts: ManifestPart[];
  index: number;
  record: IntakeRecord | undefined;
  onCreated: (id: string) => void;
}

/** The section's form in the version its saved data was filled against (ADR 001). */
function usePinnedForm(part: ManifestPart, record: IntakeRecord | undefined) {
  const pinned = record?.forms?.[part.key];
  const ref: FormRef = pinned ?? { form: part.form, version: part.version };
  const engine = useFormEngine({ forms: [ref] });
  const [form] = useState<FormDefinition>(() => engine.registry.get(ref.form, ref.version));
  return { engine, form };
}

/** The React side of a `SectionSession`: wires the engine, the API, the router and toasts, and re-draws on change. */
export function useSectionSession({ parts, index, record, onCreated }: UseSectionSessionOptions) {
  const part = parts[index] as ManifestPart;
  const { t } = useTranslation('intake');
  const lang = useLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pendingEdits = usePendingEdits();
  const { engine, form } = usePinnedForm(part, record);
  const order = useMemo(() => fieldOrder(form.schema, form.uiSchema), [form]);

  const host: SectionHost = {
    parts,
    index,
    pendingEdits,
    form: {
      ref: { form: form.id, version: form.version },
      prepare: (data) => withRowIds(form, withDefaults(form, engine.rjsfValidator(form), data ?? {})),
      withRowIds: (data) => withRowIds(form, data),
      normalize: (data) => engine.normalize(form.id, form.version, data),
      draftErrors: (data) => engine.validate(form.id, form.version, data, { mode: 'draft', lang }),
      fullErrors: (data) =>
        sortByFieldOrder(engine.validate(form.id, form.version, data, { mode: 'full', lang }), order),
    },
    api: {
      save: saveIntake,
      reopen: (id) => reopenIntake(id),
      load: (id) =>
        queryClient.fetchQuery({
          queryKey: queryKeys.intakes.record(id),
          queryFn: () => getIntake(id),
          staleTime: 0,
        }),
      cached: (id) => queryClient.getQueryData<IntakeRecord>(queryKeys.intakes.record(id)),
      saved: (answer, section, ref, data) => {
        queryClient.setQueryData<IntakeRecord>(queryKeys.intakes.record(answer.id), (old) =>
          recordAfterSave(old, answer, section, ref, data),
        );
        void queryClient.invalidateQueries({ queryKey: queryKeys.intakes.list });
      },
    },
    navigate: (to, options) => void navigate(to, options),
    onCreated,
    toast: (kind, text) => (kind === 'success' ? toast.success(text) : toast.error(text)),
    t: (key) => t(key),
    scrollToConflict: () => document.getElementById('intake-conflict')?.scrollIntoView?.({ block: 'center' }),
    now: () => Date.now(),
    setTimer: (run, ms) => window.setTimeout(run, ms),
    clearTimer: (timer) => window.clearTimeout(timer as number),
  };
  const [session] = useState(() => new SectionSession(host, record));
  // callbacks and timers use this render's language, words and callbacks
  session.update(host);
  useEffect(() => {
    session.start();
    return () => session.stop();
  }, [session]);
  const state = useStore(session.store);
  return { session, state, form, part, pendingEdits };
}
