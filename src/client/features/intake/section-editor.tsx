import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManifestPart } from '../../../forms';
import { ButtonLink } from '../../components/button';
import { LeaveDialog } from '../../components/leave-dialog';
import { fieldIdFor, focusField } from '../../forms/focus-field';
import { toErrorSchema } from '../../forms/rjsf-errors';
import { SchemaForm } from '../../forms/schema-form';
import { useLeaveGuard } from '../../lib/draft/use-leave-guard';
import { useOnline } from '../../lib/draft/use-online';
import { type Action, ActionBar } from './action-bar';
import type { IntakeRecord, SectionData } from './api/types';
import { CheckAnswers, sectionIdPrefix } from './check-answers';
import { ConflictAlert } from './conflict-alert';
import { sectionPath, summaryPath, useFormText } from './intake-parts';
import { useFocusOnArrival } from './use-focus-on-arrival';
import { useSectionSession } from './use-section-session';

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
 * the save state, the conflict choice on a 409, the check-your-answers list of a refused submit (ADR 060) and
 * the question before leaving with unsaved changes. What happens is `SectionSession`'s; this draws and wires.
 */
export function SectionEditor(props: SectionEditorProps) {
  const { parts, index } = props;
  const previous = parts[index - 1];
  const { t } = useTranslation('intake');
  const formText = useFormText();
  const online = useOnline();
  const { session, state, form, part, pendingEdits } = useSectionSession(props);
  const checkAnswers = useRef<HTMLDivElement>(null);
  const action = useRef<Action>('save');

  const blocker = useLeaveGuard((next) => session.shouldAsk(next?.pathname));
  // while the leave question is open nothing is saved under it (a first save would move the address)
  session.setAsking(blocker.state === 'blocked', false);
  useEffect(() => {
    if (blocker.state === 'unblocked') session.setAsking(false, true);
  }, [blocker.state, session]);

  useFocusOnArrival((path) => focusField(fieldIdFor(session.arrived(path), sectionIdPrefix(part.key))));

  // a refused submit's list takes the focus once it is drawn
  useEffect(() => {
    if (state.missingShown === 0) return;
    const timer = window.setTimeout(() => checkAnswers.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [state.missingShown]);

  const { conflict, missing, busy, redirecting, fieldErrors, hints, id } = state;
  const saving = busy !== null || state.auto.saving;
  const locked = saving || redirecting || state.resolving;
  const extraErrors = useMemo(() => {
    const shown = { ...hints, ...(fieldErrors ?? {}) };
    return Object.keys(shown).length > 0 ? toErrorSchema(shown) : undefined;
  }, [fieldErrors, hints]);

  return (
    <>
      {conflict && (
        <ConflictAlert
          conflict={conflict}
          onOverwrite={() => void session.overwrite()}
          onReload={() => session.reload()}
          onReopen={() => void session.reopenAndSave()}
          summaryHref={id ? summaryPath(id) : undefined}
          busy={locked}
        />
      )}
      {missing && missing.length > 0 && (
        <CheckAnswers
          ref={checkAnswers}
          missing={missing}
          recordId={id}
          currentKey={part.key}
          states={session.sectionStates()}
        />
      )}
      <SchemaForm
        formId={form.id}
        version={form.version}
        formData={state.formData}
        onChange={(next: SectionData, fieldId?: string) => session.change(next, fieldId)}
        pendingEdits={pendingEdits}
        onSubmit={() => void session.runAction(action.current)}
        mode="draft"
        extraErrors={extraErrors}
        disabled={redirecting}
        idPrefix={sectionIdPrefix(part.key)}
        className="max-w-3xl"
      >
        <ActionBar
          status={{
            saving,
            failed: state.auto.failed,
            invalid: state.dirty && (state.rejected || state.draftInvalid),
            conflict: conflict !== null,
            redirecting,
            dirty: state.dirty,
            offline: !online,
            lastSavedAt: state.lastSavedAt,
          }}
          canContinue={index < parts.length - 1}
          busy={busy}
          redirecting={redirecting}
          locked={locked}
          onChoose={(chosen) => {
            action.current = chosen;
          }}
          onSubmitForm={() => void session.submit()}
          back={
            previous && (
              <ButtonLink
                to={sectionPath(id, previous)}
                variant="quiet"
                aria-disabled={locked || undefined}
                onClick={(event) => locked && event.preventDefault()}
              >
                <span aria-hidden="true">←</span>{' '}
                {t('buttons.backTo', { section: formText(previous.form, 'shortTitle') })}
              </ButtonLink>
            )
          }
        />
      </SchemaForm>
      <LeaveDialog blocker={blocker} words="intake:leave" />
    </>
  );
}
