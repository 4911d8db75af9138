import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorsByPath, type ManifestPart } from '../../../forms';
import { ButtonLink } from '../../components/Button';
import type { SubmittedIntakeState } from '../../components/intake-submitted-notice';
import { toast } from '../../components/toast';
import { useFormEngine } from '../../forms/engine-context';
import { fieldIdFor, focusField } from '../../forms/focus-field';
import { usePendingEdits } from '../../forms/pending-edits';
import { fieldOrder, sortByFieldOrder, toErrorSchema } from '../../forms/rjsf-errors';
import { SchemaForm } from '../../forms/SchemaForm';
import { isApiError } from '../../lib/api-error';
import { type Action, ActionBar } from './ActionBar';
import { getIntake } from './api/get-intake';
import { reopenIntake } from './api/reopen-intake';
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
import { CheckAnswers, sectionIdPrefix } from './CheckAnswers';
import { ConflictAlert } from './ConflictAlert';
import { draftHints } from './draft-hints';
import { clientNameOf, sameData, sectionFields, withDefaults, withRowIds } from './form-data';
import { sectionPath, summaryPath, useFormText, useLang } from './intake-parts';
import { LeaveDialog } from './LeaveDialog';
import { recordAfterSave } from './record-cache';
import { saveFailure } from './save-errors';
import { knownMissing, type MissingSection, missingFromServer, runSubmit } from './submit-check';
import { useAutoSaver } from './use-auto-saver';
import { useFocusOnArrival } from './use-focus-on-arrival';
import { useLeaveGuard } from './use-leave-guard';
import { useOnline } from './use-online';

/** Spec section 9. */
export const AUTO_SAVE_DELAY = 2000;
export const REDIRECT_DELAY = 1500;
/** Pauses before retrying a failed auto-save: quick at first, then every 30 s. */
export const AUTO_SAVE_RETRY_DELAYS = [2000, 5000, 10_000, 30_000] as const;

export interface SectionEditorProps {
  parts: ManifestPart[];
  index: number;
  /** The loaded record; undefined for a new intake (section 1 at /client-intake/new). */
  record: IntakeRecord | undefined;
  /** Called once when the first save created the record, before the address changes to its id. */
  onCreated: (id: string) => void;
}

/**
 * One intake section: the schema form with Save Draft / Save & Continue / Submit Form in a sticky action bar,
 * auto-save 2 s after the last change, the save state, the conflict choice on a 409, the check-your-answers
 * list of a refused submit (ADR 060) and the question before leaving with unsaved changes. Text fields hand their text over when typing pauses (ADR 006): a key counts as a change
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
  const online = useOnline();

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
  /** Messages of answers typed but not right yet, kept beside their fields after a draft save (ADR 003). */
  const [hints, setHints] = useState<Record<string, string>>({});
  /** What a refused submit found missing, per section. */
  const [missing, setMissing] = useState<MissingSection[] | null>(null);
  const checkAnswers = useRef<HTMLDivElement>(null);

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
  const fullErrors = (value: SectionData) =>
    sortByFieldOrder(engine.validate(form.id, form.version, value, { mode: 'full', lang }), order);
  /** Submit needs the whole section; its errors in page order (the form's own validation is draft mode). */
  const submitErrors = (value: SectionData) => errorsByPath(fullErrors(value));
  const cachedRecord = () =>
    recordId.current
      ? queryClient.getQueryData<IntakeRecord>(intakeKeys.record(recordId.current))
      : undefined;

  const showConflict = (body: Record<string, unknown> | undefined, submitted = false) => {
    const info: ConflictInfo = {
      updatedAt: String(body?.updatedAt ?? ''),
      version: Number(body?.version),
      submitted,
    };
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
      // what the server stored (a phone as +905321234567): shown at once unless the user typed on meanwhile
      const stored = engine.normalize(form.id, form.version, sent);
      if (stored !== sent && data.current === sent) {
        data.current = stored;
        setFormData(stored);
      }
      recordId.current = answer.id;
      recordVersion.current = answer.version;
      savedChange.current = sentChange;
      savedData.current = stored;
      rejectedData.current = null;
      setRejected(false);
      setLastSavedAt(new Date(answer.updatedAt));
      setHints(draftHints(fullErrors(stored), stored));
      showDirty(isDirty());
      queryClient.setQueryData<IntakeRecord>(intakeKeys.record(answer.id), (old) =>
        recordAfterSave(old, answer, part.key, form, stored),
      );
      void queryClient.invalidateQueries({ queryKey: intakeKeys.list });
      if (created) {
        setId(answer.id);
        onCreated(answer.id);
        // the same screen, now with its id: no reload, no history entry
        void navigate(sectionPath(answer.id, part), { replace: true });
      }
      return answer;
    } catch (error) {
      const failure = saveFailure(error);
      const body = isApiError(error) ? error.body : undefined;
      if (failure === 'conflict' || failure === 'submitted') showConflict(body, failure === 'submitted');
      else if (failure === 'refused') {
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
        if (saveFailure(error) === 'transient') throw error;
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

  useFocusOnArrival((path) => {
    const errors = submitErrors(data.current);
    setSubmitTried(true);
    setFieldErrors(Object.keys(errors).length > 0 ? errors : undefined);
    focusField(fieldIdFor(path || Object.keys(errors)[0] || '', sectionIdPrefix(part.key)));
  });

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
    // a draft's messages go as their answers are corrected; new ones wait for the next save
    if (Object.keys(hints).length > 0) {
      const now = draftHints(fullErrors(withIds), withIds);
      setHints(Object.fromEntries(Object.entries(now).filter(([path]) => path in hints)));
    }
  };

  /** A refused submit: the list, the section's own messages beside its fields, focus on the list. */
  const showMissing = (found: MissingSection[]) => {
    setMissing(found);
    const own = found.find((m) => m.part.key === part.key);
    setSubmitTried(own !== undefined);
    setFieldErrors(own ? Object.fromEntries(own.fields.map((f) => [f.path, f.message])) : undefined);
    // once the list is drawn
    window.setTimeout(() => checkAnswers.current?.focus(), 0);
  };

  /** Submit checks the whole record on the server; a 422 shows the check-your-answers list (ADR 060). */
  const submit = async () => {
    pendingEdits.flush();
    await runSubmit({
      send: async () => {
        const outcome = await runAction('submit');
        if (outcome.failure === 'incomplete') return { kind: 'incomplete', body: outcome.body };
        if (outcome.failure === 'transient') {
          toast.error(t('toasts.submitFailed'));
          return { kind: 'unreachable' };
        }
        return { kind: outcome.failure ? 'other' : 'done' };
      },
      needsDraft: () => isDirty() || recordId.current === undefined,
      saveDraft: async () => {
        setBusy('save');
        try {
          await persist('draft');
        } finally {
          setBusy(null);
          saver.settled();
        }
      },
      fromServer: (body) => missingFromServer(parts, body),
      known: () =>
        knownMissing(
          parts,
          part,
          fullErrors(data.current),
          cachedRecord()?.sectionStates,
          t('checkAnswers.notComplete'),
        ),
      show: showMissing,
    });
  };

  const runAction = async (
    chosen: Action,
  ): Promise<{ failure?: ReturnType<typeof saveFailure>; body?: Record<string, unknown> }> => {
    if (!isFirst && recordId.current === undefined) {
      toast.error(index === 1 ? t('toasts.demographicsFirst') : t('toasts.previousFirst'));
      void navigate('/client-intake/new');
      return {};
    }
    saver.cancel();
    setBusy(chosen);
    try {
      // an auto-save may be on its way: wait for it, never two saves at once
      await running.current?.catch(() => undefined);
      if (conflictRef.current) return {};
      const answer = await persist(chosen === 'submit' ? 'submitted' : 'draft');
      setFieldErrors(undefined);
      setSubmitTried(false);
      setMissing(null);
      if (chosen === 'submit') {
        toast.success(t('toasts.submitted'));
        leaving.current = true;
        setRedirecting(true);
        // the destination says which intake was submitted (spec: section 1 to the list, 2-4 to the dashboard)
        const state: SubmittedIntakeState = {
          submittedIntake: {
            id: answer.id,
            // this screen's demographics, else the cached record's
            clientName: clientNameOf(isFirst ? data.current : sectionOf(cachedRecord(), 'demographics')),
          },
        };
        redirectTimer.current = window.setTimeout(
          () => void navigate(isFirst ? '/client-intake-list' : '/dashboard', { state }),
          REDIRECT_DELAY,
        );
        return {};
      }
      toast.success(t('toasts.savedAsDraft'));
      if (chosen === 'continue' && next) void navigate(sectionPath(answer.id, next));
      return {};
    } catch (error) {
      const failure = saveFailure(error);
      const body = isApiError(error) ? error.body : undefined;
      if (failure === 'conflict' || failure === 'submitted') {
        document.getElementById('intake-conflict')?.scrollIntoView?.({ block: 'center' });
        return { failure };
      }
      if (chosen === 'submit' && (failure === 'incomplete' || failure === 'transient'))
        return { failure, body };
      const fields = isApiError(error) ? sectionFields(error.fields, part.key) : {};
      if (Object.keys(fields).length > 0) setFieldErrors(fields);
      if (chosen === 'submit')
        toast.error((isApiError(error) && error.serverMessage) || t('toasts.submitFailed'));
      else toast.error(t('toasts.saveFailed'));
      return { failure, body };
    } finally {
      setBusy(null);
      saver.settled();
    }
  };

  /** A record submitted elsewhere: reopened on the user's explicit choice, then this tab's text saved over it. */
  const reopenAndSave = async () => {
    const recordKey = recordId.current;
    if (!recordKey) return;
    setResolving(true);
    try {
      const reopened = await reopenIntake(recordKey);
      recordVersion.current = reopened.version;
      conflictRef.current = null;
      setConflict(null);
    } catch {
      toast.error(t('toasts.reopenFailed'));
      return;
    } finally {
      setResolving(false);
    }
    await runAction('save');
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
      setHints({});
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
  const extraErrors = useMemo(() => {
    const shown = { ...hints, ...(fieldErrors ?? {}) };
    return Object.keys(shown).length > 0 ? toErrorSchema(shown) : undefined;
  }, [fieldErrors, hints]);

  return (
    <>
      {conflict && (
        <ConflictAlert
          conflict={conflict}
          onOverwrite={() => void overwrite()}
          onReload={reload}
          onReopen={() => void reopenAndSave()}
          summaryHref={recordId.current ? summaryPath(recordId.current) : undefined}
          busy={locked}
        />
      )}
      {missing && missing.length > 0 && (
        <CheckAnswers
          ref={checkAnswers}
          missing={missing}
          recordId={id}
          currentKey={part.key}
          states={cachedRecord()?.sectionStates}
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
        idPrefix={sectionIdPrefix(part.key)}
        className="max-w-3xl"
      >
        <ActionBar
          status={{
            saving,
            failed: autoStatus.failed,
            invalid,
            conflict: conflict !== null,
            redirecting,
            dirty,
            offline: !online,
            lastSavedAt,
          }}
          canContinue={!isLast}
          busy={busy}
          redirecting={redirecting}
          locked={locked}
          onChoose={(chosen) => {
            action.current = chosen;
          }}
          onSubmitForm={() => void submit()}
          back={
            previous && (
              <ButtonLink
                to={sectionPath(id, previous)}
                variant="quiet"
                aria-disabled={locked || undefined}
                onClick={(event) => locked && event.preventDefault()}
              >
                <span aria-hidden="true">←</span> {t('buttons.backTo', { section: title(previous) })}
              </ButtonLink>
            )
          }
        />
      </SchemaForm>
      <LeaveDialog blocker={blocker} />
    </>
  );
}
