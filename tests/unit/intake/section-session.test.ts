import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_SAVE_DELAY } from '../../../src/client/features/intake/section-draft';
import { apiError, ID, record, setUp } from './fake-section-host';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-23T12:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('SectionSession: unsaved changes', () => {
  it('is clean when opened and dirty from the first change, for the status line and the leave question', () => {
    const { session, type, state } = setUp();
    expect(state().dirty).toBe(false);
    expect(session.shouldAsk()).toBe(false);
    type({ name: 'Ada' });
    expect(state().dirty).toBe(true);
    expect(session.shouldAsk('/dashboard')).toBe(true);
  });

  it('a change undone before the auto-save is no change: nothing is sent and it is clean again', async () => {
    const { type, sent, state } = setUp({ record: record({ demographics: { name: 'Ada' } }) });
    type({ name: 'Adam' });
    type({ name: 'Ada' });
    await wait(AUTO_SAVE_DELAY);
    expect(sent).toHaveLength(0);
    expect(state().dirty).toBe(false);
  });

  it('the form reporting its own data again (defaults on load) is no change', () => {
    const { session, state } = setUp();
    session.change({}, undefined);
    expect(state().dirty).toBe(false);
  });

  it('text still in a field counts as unsaved and is flushed into the save', async () => {
    const { session, typePending, sent } = setUp();
    typePending('Ada');
    expect(session.isDirty()).toBe(true);
    await session.runAction('save');
    expect(sent[0]?.data).toEqual({ name: 'Ada' });
    expect(session.isDirty()).toBe(false);
  });
});

describe('SectionSession: auto-save', () => {
  it('a new intake is not auto-saved: only a save the practitioner chooses creates the client (no duplicates)', async () => {
    const { session, type, sent, host, state } = setUp();
    type({ name: 'Ad' });
    await wait(AUTO_SAVE_DELAY * 3);
    expect(sent).toHaveLength(0);
    expect(host.onCreated).not.toHaveBeenCalled();
    // leaving asks: what was typed would be lost, and nothing was created
    expect(session.shouldAsk('/patients')).toBe(true);
    await session.runAction('save');
    expect(sent).toEqual([
      { id: undefined, section: 'demographics', data: { name: 'Ad' }, status: 'draft', version: undefined },
    ]);
    expect(host.onCreated).toHaveBeenCalledWith(ID);
    expect(host.navigate).toHaveBeenCalledWith(`/client-intake/${ID}`, { replace: true });
    expect(state()).toMatchObject({ id: ID, dirty: false });
  });

  it('once the record exists, saves 2 s after the last change, once', async () => {
    const { type, sent } = setUp({ record: record() });
    type({ name: 'A' });
    await wait(1500);
    type({ name: 'Ad' });
    await wait(1999);
    expect(sent).toHaveLength(0);
    await wait(1);
    expect(sent).toEqual([
      { id: ID, section: 'demographics', data: { name: 'Ad' }, status: 'draft', version: 3 },
    ]);
  });

  it('does not auto-save a later section before the record exists, nor data a draft cannot store', async () => {
    const later = setUp({ index: 1 });
    later.type({ name: 'Ada' });
    await wait(AUTO_SAVE_DELAY);
    expect(later.sent).toHaveLength(0);
    const bad = setUp();
    bad.type({ bad: true });
    await wait(AUTO_SAVE_DELAY);
    expect(bad.sent).toHaveLength(0);
    expect(bad.state().draftInvalid).toBe(true);
  });

  it('pins the version: each save sends the version of the last answer, and the cache learns the form it was filled against', async () => {
    const { type, sent, host } = setUp({ record: record({}, { version: 7 }) });
    type({ name: 'A' });
    await wait(AUTO_SAVE_DELAY);
    type({ name: 'Ad' });
    await wait(AUTO_SAVE_DELAY);
    expect(sent.map((s) => s.version)).toEqual([7, 8]);
    expect(host.api.saved).toHaveBeenLastCalledWith(
      expect.objectContaining({ version: 9 }),
      'demographics',
      { form: 'intake/demographics', version: 1 },
      { name: 'Ad' },
    );
  });

  it('shows what the server stored (a phone without spaces) unless the user typed on meanwhile', async () => {
    const { type, state } = setUp({ record: record() });
    type({ phone: '0532 123 45 67' });
    await wait(AUTO_SAVE_DELAY);
    expect(state().formData).toEqual({ phone: '05321234567' });
  });

  it('never sends two saves at once: a button waits for the auto-save on its way', async () => {
    const { session, type, sent, replies } = setUp({ record: record() });
    let answer: (() => void) | undefined;
    replies.push(
      (input) =>
        new Promise((resolve) => {
          answer = () =>
            resolve({ id: ID, version: 4, status: input.status, updatedAt: '2026-11-23T12:00:02.000Z' });
        }),
    );
    type({ name: 'A' });
    await wait(AUTO_SAVE_DELAY);
    type({ name: 'Ad' });
    const button = session.runAction('save');
    await wait(0);
    expect(sent).toHaveLength(1);
    answer?.();
    await button;
    expect(sent.map((s) => [s.data, s.version])).toEqual([
      [{ name: 'A' }, 3],
      [{ name: 'Ad' }, 4],
    ]);
  });

  it('data the server refused (400) is not sent again until it changes', async () => {
    const { type, sent, replies, state } = setUp({ record: record() });
    replies.push(() => Promise.reject(apiError(400, 'VALIDATION_FAILED')));
    type({ name: 'A' });
    await wait(AUTO_SAVE_DELAY);
    expect(state().rejected).toBe(true);
    await wait(60_000);
    expect(sent).toHaveLength(1);
    type({ name: 'Ad' });
    await wait(AUTO_SAVE_DELAY);
    expect(sent).toHaveLength(2);
    expect(state().rejected).toBe(false);
  });
});

describe('SectionSession: conflicts (409)', () => {
  it('a stale version keeps the text, stops auto-saving, and Overwrite saves over the version the server named', async () => {
    const { session, type, sent, replies, state } = setUp({ record: record() });
    replies.push(() =>
      Promise.reject(apiError(409, 'CONFLICT', { version: 5, updatedAt: '2026-11-23T11:59:00.000Z' })),
    );
    type({ name: 'Mine' });
    await wait(AUTO_SAVE_DELAY);
    expect(state().conflict).toEqual({ version: 5, updatedAt: '2026-11-23T11:59:00.000Z', submitted: false });
    type({ name: 'Mine too' });
    await wait(10_000);
    expect(sent).toHaveLength(1);
    await session.overwrite();
    expect(sent[1]).toMatchObject({ data: { name: 'Mine too' }, version: 5 });
    expect(state().conflict).toBeNull();
  });

  it('a button pressed while an auto-save runs into a conflict sends nothing more: the choice waits for the user', async () => {
    const { session, type, sent, replies, state } = setUp({ record: record() });
    let refuse: (() => void) | undefined;
    replies.push(
      () =>
        new Promise((_, reject) => {
          refuse = () => reject(apiError(409, 'CONFLICT', { version: 5 }));
        }),
    );
    type({ name: 'Mine' });
    await wait(AUTO_SAVE_DELAY);
    const button = session.runAction('save');
    refuse?.();
    await button;
    expect(sent).toHaveLength(1);
    expect(state().conflict?.version).toBe(5);
  });

  it('Reload replaces the text with the saved version and is clean', async () => {
    const { session, type, replies, state } = setUp({ record: record() });
    replies.push(() => Promise.reject(apiError(409, 'CONFLICT', { version: 9 })));
    type({ name: 'Mine' });
    await session.runAction('save');
    await session.reload();
    expect(state()).toMatchObject({ formData: { name: 'Saved elsewhere' }, dirty: false, conflict: null });
    expect(session.isDirty()).toBe(false);
  });

  it('a record submitted elsewhere (INTAKE_SUBMITTED) changes only after an explicit reopen, then this text is saved', async () => {
    const { session, type, sent, replies, host, state } = setUp({ record: record() });
    replies.push(() => Promise.reject(apiError(409, 'INTAKE_SUBMITTED', { version: 6 })));
    type({ name: 'Mine' });
    await session.runAction('save');
    expect(state().conflict?.submitted).toBe(true);
    expect(host.scrollToConflict).toHaveBeenCalled();
    expect(host.api.reopen).not.toHaveBeenCalled();
    await session.reopenAndSave();
    expect(host.api.reopen).toHaveBeenCalledWith(ID);
    expect(sent[1]).toMatchObject({ data: { name: 'Mine' }, status: 'draft', version: 20 });
  });

  it('a failed reopen says so and saves nothing', async () => {
    const { session, type, sent, replies, host, toasts } = setUp({ record: record() });
    replies.push(() => Promise.reject(apiError(409, 'INTAKE_SUBMITTED', { version: 6 })));
    type({ name: 'Mine' });
    await session.runAction('save');
    vi.mocked(host.api.reopen).mockRejectedValueOnce(apiError(409, 'CONFLICT'));
    await session.reopenAndSave();
    expect(sent).toHaveLength(1);
    expect(toasts()).toContain('error t:toasts.reopenFailed');
  });
});

describe('SectionSession: leaving', () => {
  it('does not ask when the address only gains the new id, nor after a save', async () => {
    const { session, type } = setUp();
    type({ name: 'Ada' });
    await session.runAction('save');
    type({ name: 'Ada L' });
    expect(session.shouldAsk(`/client-intake/${ID}`)).toBe(false);
    expect(session.shouldAsk('/dashboard')).toBe(true);
    await session.runAction('save');
    expect(session.shouldAsk('/dashboard')).toBe(false);
  });

  it('saves nothing while the leave question is open, and counts down again when it closes', async () => {
    const { session, type, sent } = setUp({ record: record() });
    type({ name: 'Ada' });
    session.setAsking(true, false);
    await wait(AUTO_SAVE_DELAY * 3);
    expect(sent).toHaveLength(0);
    session.setAsking(false, true);
    await wait(AUTO_SAVE_DELAY);
    expect(sent).toHaveLength(1);
  });
});
