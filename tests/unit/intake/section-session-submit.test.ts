import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, ID, record, setUp } from './fake-section-host';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const incomplete = (sections: Record<string, Record<string, string>>) =>
  apiError(422, 'INTAKE_INCOMPLETE', { sections });

describe('SectionSession: Save Draft and Save & Continue', () => {
  it('Save Draft saves, toasts and stays', async () => {
    const { session, type, sent, host, toasts } = setUp({ record: record() });
    type({ name: 'Ada' });
    await session.runAction('save');
    expect(sent[0]).toMatchObject({ id: ID, status: 'draft' });
    expect(toasts()).toEqual(['success t:toasts.savedAsDraft']);
    expect(host.navigate).not.toHaveBeenCalled();
  });

  it('Save & Continue goes on to the next section of the record', async () => {
    const { session, host } = setUp({ record: record(), index: 1 });
    await session.runAction('continue');
    expect(host.navigate).toHaveBeenCalledWith(`/client-intake/${ID}/medical-history`);
  });

  it('a later section of a record not created yet sends the user to section 1', async () => {
    const second = setUp({ index: 1 });
    await second.session.runAction('save');
    expect(second.sent).toHaveLength(0);
    expect(second.toasts()).toEqual(['error t:toasts.demographicsFirst']);
    expect(second.host.navigate).toHaveBeenCalledWith('/client-intake/new');
    const third = setUp({ index: 2 });
    await third.session.runAction('save');
    expect(third.toasts()).toEqual(['error t:toasts.previousFirst']);
  });

  it("a failed save keeps the text and shows the server's messages of this section beside its fields", async () => {
    const { session, type, replies, state, toasts } = setUp({ record: record() });
    replies.push(() =>
      Promise.reject(
        Object.assign(apiError(400, 'VALIDATION_FAILED'), {
          fields: { 'demographics.name': 'Too long', 'other.x': 'Elsewhere' },
        }),
      ),
    );
    type({ name: 'Ada' });
    await session.runAction('save');
    expect(state().fieldErrors).toEqual({ name: 'Too long' });
    expect(state().formData).toEqual({});
    expect(session.isDirty()).toBe(true);
    expect(toasts()).toEqual(['error t:toasts.saveFailed']);
  });
});

describe('SectionSession: Submit (all four sections are checked)', () => {
  it("a complete record is submitted; section 1 lands on the client's page naming the client, without a toast", async () => {
    const { session, type, sent, host, state, toasts } = setUp({ record: record() });
    type({ name: 'Ada', clientFirstName: 'Ayşe', clientLastName: 'Yılmaz' });
    await session.submit();
    expect(sent[0]).toMatchObject({ status: 'submitted' });
    // the client's page says it; a toast would only cover its heading
    expect(toasts()).toEqual([]);
    expect(state().redirecting).toBe(true);
    expect(session.shouldAsk('/dashboard')).toBe(false);
    expect(host.navigate).toHaveBeenCalledWith(`/patients/${ID}`, {
      replace: true,
      state: { submittedIntake: { id: ID, clientName: 'Ayşe Yılmaz' } },
    });
  });

  it("sections 2-4 land on the client's page too, with the client named from the cached record", async () => {
    const { session, host } = setUp({ record: record(), index: 3 });
    vi.mocked(host.api.cached).mockReturnValue(
      record({ demographics: { clientFirstName: 'Fatma', clientLastName: 'Demir' } }),
    );
    await session.submit();
    expect(host.navigate).toHaveBeenCalledWith(`/patients/${ID}`, {
      replace: true,
      state: { submittedIntake: { id: ID, clientName: 'Fatma Demir' } },
    });
  });

  it('an incomplete record (422) submits nothing: what was typed is kept as a draft and the missing sections are listed', async () => {
    const { session, type, sent, replies, state, host } = setUp();
    replies.push(() =>
      Promise.reject(
        incomplete({ demographics: { name: 'Name is required' }, medicalHistory: { '': 'Not complete' } }),
      ),
    );
    type({ phone: '0532' });
    await session.submit();
    expect(sent.map((s) => s.status)).toEqual(['submitted', 'draft']);
    expect(state().missing?.map((m) => m.part.key)).toEqual(['demographics', 'medicalHistory']);
    expect(state().missingShown).toBe(1);
    expect(state().fieldErrors).toEqual({ name: 'Name is required' });
    expect(state().redirecting).toBe(false);
    expect(host.onCreated).toHaveBeenCalledWith(ID);
  });

  it('after a refused submit the messages follow the answers as they are corrected', async () => {
    const { session, type, replies, state } = setUp({ record: record() });
    replies.push(() => Promise.reject(incomplete({ demographics: { name: 'Name is required' } })));
    await session.submit();
    type({ name: 'Ada' });
    expect(state().fieldErrors).toBeUndefined();
    type({ name: '' });
    expect(state().fieldErrors).toEqual({ name: 'Name is required' });
  });

  it('when the server cannot be asked, the list shows what this screen knows and says the submit failed', async () => {
    const { session, replies, state, toasts, host } = setUp({ record: record() });
    vi.mocked(host.api.cached).mockReturnValue(
      record(
        {},
        {
          sectionStates: {
            complaintHistory: 'complete',
            medicalHistory: 'complete',
            familySocialLife: 'in_progress',
          },
        },
      ),
    );
    replies.push(() => Promise.reject(apiError(0)));
    await session.submit();
    expect(toasts()).toEqual(['error t:toasts.submitFailed']);
    expect(state().missing?.map((m) => [m.part.key, m.fields[0]?.message])).toEqual([
      ['demographics', 'Name is required'],
      ['familySocialLife', 't:checkAnswers.notComplete'],
    ]);
  });

  it('opened from the list, a section shows its messages and names the field to focus', () => {
    const { session, state } = setUp({ record: record() });
    expect(session.arrived('')).toBe('name');
    expect(state().fieldErrors).toEqual({ name: 'Name is required' });
    expect(session.arrived('guardians.0.phone')).toBe('guardians.0.phone');
  });
});
