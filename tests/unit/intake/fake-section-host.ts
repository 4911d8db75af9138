/** A SectionSession's screen without React: a tiny form, a scripted API, recorded toasts and navigation. */
import { vi } from 'vitest';
import type { SaveInput } from '../../../src/client/features/intake/api/save-intake';
import type { IntakeRecord, SaveAnswer, SectionData } from '../../../src/client/features/intake/api/types';
import type { SectionHost } from '../../../src/client/features/intake/section-host';
import { SectionSession } from '../../../src/client/features/intake/section-session';
import type { PendingEdits } from '../../../src/client/forms/pending-edits';
import { ApiError } from '../../../src/client/lib/api-error';
import type { FieldError, ManifestPart } from '../../../src/forms';

export const ID = '3f1c2a9e-5b7d-4c1e-9a2b-1234567890ab';

export const parts: ManifestPart[] = [
  { key: 'demographics', form: 'intake/demographics', version: 1, slug: '' },
  { key: 'complaintHistory', form: 'intake/complaint-history', version: 1, slug: 'complaint-history' },
  { key: 'medicalHistory', form: 'intake/medical-history', version: 1, slug: 'medical-history' },
  { key: 'familySocialLife', form: 'intake/family-social-life', version: 1, slug: 'family-social-life' },
];

const error = (path: string, message: string): FieldError => ({
  path,
  field: path,
  params: {},
  rule: 'required',
  message,
});

export function record(
  sections: Record<string, SectionData> = {},
  extra: Partial<IntakeRecord> = {},
): IntakeRecord {
  return {
    id: ID,
    status: 'draft',
    version: 3,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    submittedAt: null,
    forms: {},
    ...sections,
    ...extra,
  } as IntakeRecord;
}

export const apiError = (status: number, code?: string, body?: Record<string, unknown>) =>
  new ApiError({ status, message: code ?? String(status), code, body });

type Reply = (input: SaveInput) => Promise<SaveAnswer>;

/**
 * `name` is required for a full check, `bad: true` fails even a draft; a phone is stored without spaces.
 * Saves answer at once (version + 1) unless a test queues its own replies with `replies.push`.
 */
export function setUp(options: { index?: number; record?: IntakeRecord } = {}) {
  let version = options.record?.version ?? 0;
  const sent: SaveInput[] = [];
  const replies: Reply[] = [];
  let pendingText: string | undefined;
  let latestData: SectionData = {};
  const pendingEdits = {
    flush: vi.fn(() => {
      if (pendingText === undefined) return;
      const text = pendingText;
      pendingText = undefined;
      latestData = { ...latestData, name: text };
      session.change(latestData, 'name');
    }),
    hasPending: () => pendingText !== undefined,
    onEdit: () => () => undefined,
    commits: 0,
    lastEditAt: 0,
  } as unknown as PendingEdits;
  const host: SectionHost = {
    parts,
    index: options.index ?? 0,
    pendingEdits,
    form: {
      ref: { form: 'intake/demographics', version: 1 },
      prepare: (data) => data ?? {},
      withRowIds: (data) => data,
      normalize: (data) =>
        typeof data.phone === 'string' && data.phone.includes(' ')
          ? { ...data, phone: data.phone.replaceAll(' ', '') }
          : data,
      draftErrors: (data) => (data.bad === true ? [error('bad', 'Not storable')] : []),
      fullErrors: (data) => (data.name ? [] : [error('name', 'Name is required')]),
    },
    api: {
      save: vi.fn((input: SaveInput) => {
        sent.push(input);
        const reply = replies.shift();
        if (reply) return reply(input);
        version += 1;
        return Promise.resolve({
          id: ID,
          version,
          status: input.status,
          updatedAt: new Date(Date.now()).toISOString(),
        });
      }),
      reopen: vi.fn(async () => ({
        id: ID,
        version: 20,
        status: 'draft' as const,
        updatedAt: '2026-11-21T10:00:00.000Z',
      })),
      load: vi.fn(async () => record({ demographics: { name: 'Saved elsewhere' } }, { version: 9 })),
      cached: vi.fn(() => undefined as IntakeRecord | undefined),
      saved: vi.fn(),
    },
    navigate: vi.fn(),
    onCreated: vi.fn(),
    toast: vi.fn(),
    t: (key) => `t:${key}`,
    scrollToConflict: vi.fn(),
    now: () => Date.now(),
    // not a wait: the host's timer, which the tests drive with vi.useFakeTimers()
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  };
  const session = new SectionSession(host, options.record);
  session.start();
  /** The form reports new data, as RJSF does after a change in a field. */
  const type = (data: SectionData) => {
    latestData = data;
    session.change(data, 'field');
  };
  /** A key typed into a text field that has not handed its text to the form yet (ADR 006). */
  const typePending = (text: string) => {
    pendingText = text;
  };
  const toasts = () => vi.mocked(host.toast).mock.calls.map(([kind, text]) => `${kind} ${text}`);
  return { session, host, sent, replies, type, typePending, toasts, state: () => session.store.getState() };
}
