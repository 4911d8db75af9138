import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorsByPath, type ManifestPart } from '../../../forms';
import { Button, ButtonLink } from '../../components/Button';
import { toast } from '../../components/toast';
import { useFormEngine } from '../../forms/engine-context';
import { fieldIdFor, focusField } from '../../forms/focus-field';
import { usePendingEdits } from '../../forms/pending-edits';
import { fieldOrder, sortByFieldOrder, toErrorSchema } from '../../forms/rjsf-errors';
import { SchemaForm } from '../../forms/SchemaForm';
import { isApiError } from '../../lib/api-error';
import { getIntake } from './api/get-intake';
import { saveIntake } from './api/save-intake';
import {
  type ConflictInfo,
  type IntakeRecord,
  type IntakeStatus,
  intakeKeys,
  type SaveAnswer,
  type SectionData,
  sectionOf,
} from './api/types';
import { ConflictAlert } from './ConflictAlert';
import { sameData, sectionFields, withDefaults, withRowIds } from './form-data';
import { sectionPath, useFormText, useLang } from './intake-parts';
import { LeaveDialog } from './LeaveDialog';
import { SaveStatus } from './SaveStatus';
import { useAutoSaver } from './use-auto-saver';
import { useLeaveGuard } from './use-leave-guard';

/** Spec section 9. */
export const AUTO_SAVE_DELAY = 2000;
export const REDIRECT_DELAY = 1500;
/** Pauses before retrying a failed auto-save: quick at first, then every 30 s. */
export const AUTO_SAVE_RETRY_DELAYS = [2000, 5000, 10_000, 30_000] as const;

type Action = 'save' | 'continue' | 'submit';

export interface SectionEditorProps {
  parts: ManifestPart[];
  index: number;
  /** The loaded record; undefined for a new intake (section 1 at /client-intake/new). */
  record: IntakeRecord | undefined;
  /** Called once when the first save created the record, before the address changes to its id. */
  onCreated: (id: string) => void;
}

/** Errors worth retrying: no answer, the server failing, or being asked to wait. */
function isTransient(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status === 429 || error.status >= 500;
}

/**
 * One intake section: the schema form with Save Draft / Save & Continue / Submit Form, auto-save 2 s after
 * the last change, the save status line, the conflict choice on a 409 and the question before leaving with
 * unsaved changes. Text fields hand their text over when typing pauses (ADR 006): a key counts as a change
 * at once (dirty, auto-save countdown), and every save flushes what is still pending first.
 */
export function SectionEditor({ parts, index, record, onCreated }: SectionEditorProps) {
  const part = parts[index] as ManifestPart;
  const previous = parts[index - 1];
  const next = parts[index + 1];
  const isFirst = index === 0;
  const isLast = index === parts.length - 1;
  const { t } = useTranslation('intake');
  const lang = useLang();
  const formText = useFormText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // a saved section keeps the form version it was filled against (ADR 001)
  const pinned = record?.forms?.[part.key];
  const engine = useFormEngine({
    forms: [{ id: pinned?.form ?? part.form, version: pinned?.version ?? part.version }],
  });
  const [form] = useState(() =>
    engine.registry.get(pinned?.form ?? part.form, pinned?.version ?? part.version),
  );
  const prepare = (data: SectionData | undefined) =>
    withRowIds(form, withDefaults(form, engine.rjsfValidator(form), data ?? {}));

  const [formData, setFormData] = useState<SectionData>(() => prepare(sectionOf(record, part.key)));
  const [id, setId] = useState(record?.id);
  const [dirty, setDirty] = useState(false);
  const [draftInvalid, setDraftInvalid] = useState(false);
  const [busy, setBusy] = useState<Action | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [lastSavedAt, setLastSavedAt] = useState<Date | null>(record ? new Date(record.updatedAt) : null);
  const [conflict, setConflict] = useState<ConflictInfo | null>(null);
  const [resolving, setResolving] = useState(false);
  /** Field path -> message: the server's, or those of a refused Submit (full validation). */
  const [fieldErrors, setFieldErrors] = useState<Record<string, string> | undefined>();
  const [submitTried, setSubmitTried] = useState(false);
  const [rejected, setRejected] = useState(false);

  // what callbacks and timers read: always current, never a stale render's copy
  const data = useRef(formData);
  const pendingEdits = usePendingEdits();
  /** Changes the form reported; while it equals the count of the last save, nothing needs comparing. */
  const changes = useRef(0);
  const savedChange = useRef(0);
  /** The data of the last save (or load); a change that was undone is no change. */
  const savedData = useRef(formData);
  /** Data the server refused as it is (400...): not sent again until it changes. */
  const rejectedData = useRef<SectionData | null>(null);
  /** Text commits seen: a change that comes from a typing pause counts from the last key, not from now. */
  const seenCommits = useRef(0);
  const dirtyShown = useRef(false);
  const recordId = useRef(record?.id);
  const recordVersion = useRef(record?.version);
  const running = useRef<Promise<unknown> | null>(null);
  const conflictRef = useRef<ConflictInfo | null>(null);
  const leaving = useRef(false);
  const action = useRef<Action>('save');

  // compared when asked (a save check, a navigation), never per key
  const isDirty = () =>
    pendingEdits.hasPending() ||
    (changes.current !== savedChange.current && !sameData(data.current, savedData.current));
  /** Sets the status line's 'unsaved' only when it flips: a key must not re-draw the screen. */
  const showDirty = useCallback((value: boolean) => {
    if (dirtyShown.current === value) return;
    dirtyShown.current = value;
    setDirty(value);
  }, []);
  const draftErrors = (value: SectionData) =>
    engine.validate(form.id, form.version, value, { mode: 'draft', lang });
  const order = useMemo(() => fieldOrder(form.schema, form.uiSchema), [form]);
  /** Submit needs the whole section; its errors in page order (the form's own validation is draft mode). */
  const submitErrors = (value: SectionData) =>
    errorsByPath(
      sortByFieldOrder(engine.validate(form.id, form.version, value, { mode: 'full', lang }), order),
    );

  const showConflict = (body: Record<string, unknown> | undefined) => {
    const info = { updatedAt: String(body?.updatedAt ?? ''), version: Number(body?.version) };
    conflictRef.current = info;
    setConflict(info);
  };

  /** The one way a section reaches the server; never runs twice at once (callers wait for `running`). */
  const persist = async (status: IntakeStatus): Promise<SaveAnswer> => {
    // text still in a field is part of what the user saves
    pendingEdits.flush();
    const sent = data.current;
    const sentChange = changes.current;
    const request = saveIntake({
      id: recordId.current,
      section: part.key,
      data: sent,
      status,
      version: recordVersion.current,
    });
    running.current = request;
    try {
      const answer = await request;
      const created = recordId.current === undefined;
      recordId.current = answer.id;
      recordVersion.current = answer.version;
      savedChange.current = sentChange;
      savedData.current = sent;
      rejectedData.current = null;
      setRejected(false);
      setLastSavedAt(new Date(answer.updatedAt));
      showDirty(isDirty());
      queryClient.setQueryData<IntakeRecord>(intakeKeys.record(answer.id), (old) => ({
        ...(old ?? { id: answer.id, createdAt: answer.updatedAt, submittedAt: null, forms: {} }),
        [part.key]: sent,
        forms: { ...(old?.forms ?? {}), [part.key]: { form: form.id, version: form.version } },
        status: answer.status,
        version: answer.version,
        updatedAt: answer.updatedAt,
      }));
      void queryClient.invalidateQueries({ queryKey: intakeKeys.list });
      if (created) {
        setId(answer.id);
        onCreated(answer.id);
        // the same screen, now with its id: no reload, no history entry
        void navigate(sectionPath(answer.id, part), { replace: true });
      }
      return answer;
    } catch (error) {
      if (isApiError(error) && error.status === 409) showConflict(error.body);
      else if (!isTransient(error)) {
        // refused as it is (400, 404...): not sent again until it changes
        rejectedData.current = sent;
        setRejected(true);
      }
      throw error;
    } finally {
      running.current = null;
    }
  };

  const { saver, status: autoStatus } = useAutoSaver({
    delay: AUTO_SAVE_DELAY,
    retryDelays: AUTO_SAVE_RETRY_DELAYS,
    beforeCheck: () => pendingEdits.flush(),
    shouldSave: () => {
      if (leaving.current || asking.current || conflictRef.current) return false;
      if (!isDirty()) {
        // changed and changed back: saved after all
        savedChange.current = changes.current;
        showDirty(false);
        return false;
      }
      if (!isFirst && recordId.current === undefined) return false;
      if (rejectedData.current && sameData(data.current, rejectedData.current)) return false;
      return draftErrors(data.current).length === 0;
    },
    isBusy: () => running.current !== null,
    save: async () => {
      try {
        await persist('draft');
      } catch (error) {
        // only transient failures are retried; a conflict waits for the user, a refusal for a change
        if (isTransient(error)) throw error;
      }
    },
  });

  const blocker = useLeaveGuard((nextLocation) => {
    if (leaving.current || !isDirty()) return false;
    // the address gaining the new id is the same screen
    return !(
      nextLocation &&
      recordId.current &&
      nextLocation.pathname === sectionPath(recordId.current, part)
    );
  });

  // while the leave question is open nothing changes under it (a first save would move the address)
  const asking = useRef(false);
  asking.current = blocker.state === 'blocked';
  useEffect(() => {
    if (blocker.state === 'unblocked') saver.settled();
  }, [blocker.state, saver]);

  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  // a key is a change the moment it is typed: unsaved for the status line and the leave question, and the
  // auto-save counts 2 s from it (the form hears of the text only when typing pauses)
  useEffect(
    () =>
      pendingEdits.onEdit(() => {
        showDirty(true);
        saver.changed();
      }),
    [pendingEdits, saver, showDirty],
  );

  const onChange = (next: SectionData, fieldId?: string) => {
    // the form's own reports (defaults on load, data handed back) are no change unless the data differs
    if (fieldId === undefined && sameData(next, data.current)) {
      data.current = next;
      return;
    }
    // rows get their id when added; otherwise the form's data is used as it is, not copied
    const withIds = withRowIds(form, next);
    data.current = withIds;
    if (withIds !== next) setFormData(withIds);
    changes.current += 1;
    showDirty(true);
    const fromTyping = pendingEdits.commits !== seenCommits.current;
    seenCommits.current = pendingEdits.commits;
    saver.changed(fromTyping ? Date.now() - pendingEdits.lastEditAt : 0);
    setDraftInvalid(draftErrors(withIds).length > 0);
    // after a refused Submit the messages follow the answers as they are corrected
    if (submitTried) {
      const errors = submitErrors(withIds);
      setFieldErrors(Object.keys(errors).length > 0 ? errors : undefined);
    }
  };

  const submit = () => {
    pendingEdits.flush();
    const errors = submitErrors(data.current);
    if (Object.keys(errors).length > 0) {
      setSubmitTried(true);
      setFieldErrors(errors);
      const first = Object.keys(errors)[0] ?? '';
      // once the summary and the messages are drawn
      window.setTimeout(() => focusField(fieldIdFor(first, `intake_${part.key}`)), 0);
      return;
    }
    void runAction('submit');
  };

  const runAction = async (chosen: Action) => {
    if (!isFirst && recordId.current === undefined) {
      toast.error(index === 1 ? t('toasts.demographicsFirst') : t('toasts.previousFirst'));
      void navigate('/client-intake/new');
      return;
    }
    saver.cancel();
    setBusy(chosen);
    try {
      // an auto-save may be on its way: wait for it, never two saves at once
      await running.current?.catch(() => undefined);
      if (conflictRef.current) return;
      const answer = await persist(chosen === 'submit' ? 'submitted' : 'draft');
      setFieldErrors(undefined);
      setSubmitTried(false);
      if (chosen === 'submit') {
        toast.success(t('toasts.submitted'));
        leaving.current = true;
        setRedirecting(true);
        redirectTimer.current = window.setTimeout(
          () => void navigate(isFirst ? '/client-intake-list' : '/dashboard'),
          REDIRECT_DELAY,
        );
        return;
      }
      toast.success(t('toasts.savedAsDraft'));
      if (chosen === 'continue' && next) void navigate(sectionPath(answer.id, next));
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        document.getElementById('intake-conflict')?.scrollIntoView?.({ block: 'center' });
        return;
      }
      const fields = isApiError(error) ? sectionFields(error.fields, part.key) : {};
      if (Object.keys(fields).length > 0) setFieldErrors(fields);
      if (chosen === 'submit')
        toast.error((isApiError(error) && error.serverMessage) || t('toasts.submitFailed'));
      else toast.error(t('toasts.saveFailed'));
    } finally {
      setBusy(null);
      saver.settled();
    }
  };

  const overwrite = async () => {
    const current = conflictRef.current;
    if (!current) return;
    // the user saw the other version's time and chose this tab's text
    recordVersion.current = current.version;
    conflictRef.current = null;
    setConflict(null);
    await runAction('save');
  };

  const reload = async () => {
    const recordKey = recordId.current;
    if (!recordKey) return;
    setResolving(true);
    try {
      const fresh = await queryClient.fetchQuery({
        queryKey: intakeKeys.record(recordKey),
        queryFn: () => getIntake(recordKey),
        staleTime: 0,
      });
      const loaded = prepare(sectionOf(fresh, part.key));
      data.current = loaded;
      savedChange.current = changes.current;
      savedData.current = loaded;
      recordVersion.current = fresh.version;
      rejectedData.current = null;
      setRejected(false);
      setFormData(loaded);
      showDirty(false);
      setDraftInvalid(draftErrors(loaded).length > 0);
      setLastSavedAt(new Date(fresh.updatedAt));
      setFieldErrors(undefined);
      conflictRef.current = null;
      setConflict(null);
    } catch {
      toast.error(t('conflict.reloadFailed'));
    } finally {
      setResolving(false);
    }
  };

  const saving = busy !== null || autoStatus.saving;
  const locked = saving || redirecting || resolving;
  const invalid = dirty && (rejected || draftInvalid);
  const title = (p: ManifestPart) => formText(p.form, 'shortTitle');
  const extraErrors = useMemo(() => (fieldErrors ? toErrorSchema(fieldErrors) : undefined), [fieldErrors]);

  return (
    <>
      {conflict && (
        <ConflictAlert
          conflict={conflict}
          onOverwrite={() => void overwrite()}
          onReload={reload}
          busy={locked}
        />
      )}
      <SchemaForm
        formId={form.id}
        version={form.version}
        formData={formData}
        onChange={onChange}
        pendingEdits={pendingEdits}
        onSubmit={() => void runAction(action.current)}
        mode="draft"
        extraErrors={extraErrors}
        disabled={redirecting}
        idPrefix={`intake_${part.key}`}
        className="max-w-3xl"
      >
        <div className="mt-8 border-t border-slate-200 pt-6">
          <SaveStatus
            id="intake-save-status"
            saving={saving}
            failed={autoStatus.failed}
            invalid={invalid}
            conflict={conflict !== null}
            redirecting={redirecting}
            dirty={dirty}
            lastSavedAt={lastSavedAt}
          />
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
            {previous && (
              <ButtonLink
                to={sectionPath(id, previous)}
                variant="secondary"
                className="sm:mr-auto"
                aria-disabled={locked || undefined}
                onClick={(event) => locked && event.preventDefault()}
              >
                <span aria-hidden="true">←</span> {t('buttons.backTo', { section: title(previous) })}
              </ButtonLink>
            )}
            <Button
              type="submit"
              variant="secondary"
              onClick={() => {
                action.current = 'save';
              }}
              disabled={locked}
              loading={busy === 'save'}
              loadingText={t('buttons.saving')}
            >
              {t('buttons.saveDraft')}
            </Button>
            {!isLast && (
              <Button
                type="submit"
                variant={isFirst ? 'secondary' : 'primary'}
                onClick={() => {
                  action.current = 'continue';
                }}
                disabled={locked}
                loading={busy === 'continue'}
                loadingText={t('buttons.saving')}
              >
                {t('buttons.saveAndContinue')}
              </Button>
            )}
            {(isFirst || isLast) && (
              <Button
                onClick={submit}
                disabled={locked}
                loading={busy === 'submit' || redirecting}
                loadingText={t('buttons.submitting')}
              >
                {t('buttons.submit')}
              </Button>
            )}
          </div>
        </div>
      </SchemaForm>
      <LeaveDialog blocker={blocker} />
    </>
  );
}
