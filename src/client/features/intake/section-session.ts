/**
 * The intake editor's session without React: the buttons (Save Draft, Save & Continue, Submit), submit with
 * the all-sections check (ADR 060), the conflict choices of a 409 (ADR 031) and the redirects after them.
 * The data side (dirty state, the save path, auto-save) is `SectionDraft`; the screen only draws and wires.
 */

import { isApiError } from '../../lib/api-error';
import type { Action } from './action-bar';
import { type SectionData, sectionOf } from './api/types';
import { clientNameOf, sectionFields } from './form-data';
import { sectionPath, submittedPath } from './intake-paths';
import { saveFailure } from './save-errors';
import { SectionDraft } from './section-draft';
import { knownMissing, type MissingSection, missingFromServer, runSubmit } from './submit-check';

export { AUTO_SAVE_DELAY, AUTO_SAVE_RETRY_DELAYS } from './section-draft';

type ActionResult = { failure?: ReturnType<typeof saveFailure>; body?: Record<string, unknown> };

export class SectionSession extends SectionDraft {
  private cachedRecord() {
    return this.recordId ? this.host.api.cached(this.recordId) : undefined;
  }

  /** The cached record's section states (the check-your-answers list marks them). */
  sectionStates() {
    return this.cachedRecord()?.sectionStates;
  }

  /** Save Draft / Save & Continue (the form's submit) and Submit all end here. */
  async runAction(chosen: Action): Promise<ActionResult> {
    const { host } = this;
    if (!this.isFirst && this.recordId === undefined) {
      host.toast('error', host.t(host.index === 1 ? 'toasts.demographicsFirst' : 'toasts.previousFirst'));
      host.navigate('/client-intake/new');
      return {};
    }
    this.saver?.cancel();
    this.set({ busy: chosen });
    try {
      // an auto-save may be on its way: wait for it, never two saves at once
      await this.running?.catch(() => undefined);
      if (this.state.conflict) return {};
      const answer = await this.persist(chosen === 'submit' ? 'submitted' : 'draft');
      this.submitTried = false;
      this.set({ fieldErrors: undefined, missing: null });
      if (chosen === 'submit') {
        this.afterSubmit(answer.id);
        return {};
      }
      host.toast('success', host.t('toasts.savedAsDraft'));
      const next = host.parts[host.index + 1];
      if (chosen === 'continue' && next) host.navigate(sectionPath(answer.id, next));
      return {};
    } catch (error) {
      const failure = saveFailure(error);
      const body = isApiError(error) ? error.body : undefined;
      if (failure === 'conflict' || failure === 'submitted') {
        host.scrollToConflict();
        return { failure };
      }
      if (chosen === 'submit' && (failure === 'incomplete' || failure === 'transient'))
        return { failure, body };
      const fields = isApiError(error) ? sectionFields(error.fields, this.part.key) : {};
      if (Object.keys(fields).length > 0) this.set({ fieldErrors: fields });
      if (chosen === 'submit')
        host.toast('error', (isApiError(error) && error.serverMessage) || host.t('toasts.submitFailed'));
      else host.toast('error', host.t('toasts.saveFailed'));
      return { failure, body };
    } finally {
      this.set({ busy: null });
      this.saver?.settled();
    }
  }

  /**
   * Submitted: on to the client's page, which names the intake submitted (no toast over it); the editor is left
   * behind in history, as a submitted intake is read-only there.
   */
  private afterSubmit(id: string): void {
    const { host } = this;
    this.leaving = true;
    this.set({ redirecting: true });
    // this screen's demographics, else the cached record's
    const demographics: SectionData | undefined = this.isFirst
      ? this.data
      : sectionOf(this.cachedRecord(), 'demographics');
    const state = { submittedIntake: { id, clientName: clientNameOf(demographics) } };
    host.navigate(submittedPath(id), { replace: true, state });
  }

  /** Submit checks the whole record on the server; a 422 shows the check-your-answers list (ADR 060). */
  async submit(): Promise<void> {
    const { host } = this;
    host.pendingEdits.flush();
    await runSubmit({
      send: async () => {
        const outcome = await this.runAction('submit');
        if (outcome.failure === 'incomplete') return { kind: 'incomplete', body: outcome.body };
        if (outcome.failure === 'transient') {
          host.toast('error', host.t('toasts.submitFailed'));
          return { kind: 'unreachable' };
        }
        return { kind: outcome.failure ? 'other' : 'done' };
      },
      needsDraft: () => this.isDirty() || this.recordId === undefined,
      saveDraft: async () => {
        this.set({ busy: 'save' });
        try {
          await this.persist('draft');
        } finally {
          this.set({ busy: null });
          this.saver?.settled();
        }
      },
      fromServer: (body) => missingFromServer(host.parts, body),
      known: () =>
        knownMissing(
          host.parts,
          this.part,
          host.form.fullErrors(this.data),
          this.sectionStates(),
          host.t('checkAnswers.notComplete'),
        ),
      show: (found) => this.showMissing(found),
    });
  }

  /** A refused submit: the list, and the section's own messages beside its fields. */
  private showMissing(found: MissingSection[]): void {
    const own = found.find((m) => m.part.key === this.part.key);
    this.submitTried = own !== undefined;
    this.set({
      missing: found,
      missingShown: this.state.missingShown + 1,
      fieldErrors: own ? Object.fromEntries(own.fields.map((f) => [f.path, f.message])) : undefined,
    });
  }

  /** Opened from the check-your-answers list: the section's messages; returns the field to focus. */
  arrived(path: string): string {
    const errors = this.submitErrors(this.data);
    this.submitTried = true;
    this.set({ fieldErrors: errors });
    return path || Object.keys(errors ?? {})[0] || '';
  }

  /** The user saw the other version's time and chose this tab's text. */
  async overwrite(): Promise<void> {
    const current = this.state.conflict;
    if (!current) return;
    this.recordVersion = current.version;
    this.set({ conflict: null });
    await this.runAction('save');
  }

  /** A record submitted elsewhere: reopened on the user's explicit choice, then this tab's text saved over it. */
  async reopenAndSave(): Promise<void> {
    const id = this.recordId;
    if (!id) return;
    this.set({ resolving: true });
    try {
      const reopened = await this.host.api.reopen(id);
      this.recordVersion = reopened.version;
      this.set({ conflict: null });
    } catch {
      this.host.toast('error', this.host.t('toasts.reopenFailed'));
      return;
    } finally {
      this.set({ resolving: false });
    }
    await this.runAction('save');
  }

  /** Drops this tab's changes for the version the server has now. */
  async reload(): Promise<void> {
    const id = this.recordId;
    if (!id) return;
    const { form } = this.host;
    this.set({ resolving: true });
    try {
      const fresh = await this.host.api.load(id);
      const loaded = form.prepare(sectionOf(fresh, this.part.key));
      this.data = loaded;
      this.savedChange = this.changes;
      this.savedData = loaded;
      this.recordVersion = fresh.version;
      this.rejectedData = null;
      this.set({
        rejected: false,
        formData: loaded,
        dirty: false,
        draftInvalid: form.draftErrors(loaded).length > 0,
        lastSavedAt: new Date(fresh.updatedAt),
        fieldErrors: undefined,
        hints: {},
        conflict: null,
      });
    } catch {
      this.host.toast('error', this.host.t('conflict.reloadFailed'));
    } finally {
      this.set({ resolving: false });
    }
  }
}
