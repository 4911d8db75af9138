import type { Engine } from '../../forms/engine';
import type { Lang } from '../../forms/types';
import type {
  FormRef,
  IntakeListItemView,
  IntakeRecordView,
  IntakeStatus,
  SectionData,
  SectionState,
} from '../../shared';
import { type AppError, type FieldMessage, notFound, validationFailed } from '../errors';
import { assertWithin, type Check, type Limiter } from '../security/limiter';
import { intakeErrors } from './errors';
import { formOf, intakeParts } from './sections';
import type { IntakeChange, IntakeMeta, IntakeRecord, IntakeStore } from './store';

export interface SaveInput {
  id?: string;
  status: IntakeStatus;
  /** The record version the client last saw; a different current version is a conflict. */
  version?: number;
  sections: Record<string, SectionData>;
  /** The request's address, for the audit entry a save of an existing record writes with it (ADR 090). */
  address?: string;
}

/** What every save answers: where the record stands and the states of the sections it wrote. */
export interface SaveResult extends IntakeMeta {
  sectionStates: Record<string, SectionState>;
}

/** Attempts at a save that lost a race to a pin or a deletion between reading and writing. */
const WRITE_ATTEMPTS = 3;

function clientNameOf(sections: Record<string, SectionData>): string {
  const demographics = sections.demographics ?? {};
  const part = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return [part(demographics.clientFirstName), part(demographics.clientLastName)].filter(Boolean).join(' ');
}

/** Saves, submits, reopens and checks intake records with the form engine; routes only translate HTTP. */
export function createIntakeService(engine: Engine, store: IntakeStore, limiter: Limiter) {
  const parts = () => intakeParts(engine);

  /**
   * Field errors of sections checked with the given versions (paths prefixed by the section key), and each
   * section's state, from one run of its validator.
   */
  function assessed(
    sections: Record<string, SectionData>,
    forms: Record<string, FormRef>,
    mode: 'draft' | 'full',
    lang: Lang,
  ): { fields: Record<string, FieldMessage>; states: Record<string, SectionState> } {
    const fields: Record<string, string> = {};
    const states: Record<string, SectionState> = {};
    for (const part of parts()) {
      const data = sections[part.key];
      if (data === undefined) continue;
      const { form, version } = formOf(part, forms);
      const { errors, state } = engine.assess(form, version, data, { mode, lang });
      states[part.key] = state;
      for (const error of errors) {
        const path = error.path ? `${part.key}.${error.path}` : part.key;
        fields[path] ??= error.message;
      }
    }
    return { fields, states };
  }

  /** The states of sections that pass the mode's check; 422 with every field error when one does not. */
  function check(
    sections: Record<string, SectionData>,
    forms: Record<string, FormRef>,
    mode: 'draft' | 'full',
    lang: Lang,
  ): Record<string, SectionState> {
    const { fields, states } = assessed(sections, forms, mode, lang);
    if (Object.keys(fields).length > 0) throw validationFailed(fields);
    return states;
  }

  /** The version each carried section is checked with: the one the record pinned, else the manifest's. */
  function pinsFor(
    pinned: Record<string, FormRef>,
    sections: Record<string, SectionData>,
  ): Record<string, FormRef> {
    const forms: Record<string, FormRef> = {};
    for (const part of parts()) {
      if (sections[part.key] !== undefined) forms[part.key] = formOf(part, pinned);
    }
    return forms;
  }

  /** Phones and other normalised formats in their stored spelling, before anything is checked or stored. */
  function normalized(sections: Record<string, SectionData>): Record<string, SectionData> {
    const out: Record<string, SectionData> = {};
    for (const part of parts()) {
      const data = sections[part.key];
      if (data !== undefined) out[part.key] = engine.normalize(part.form, part.version, data);
    }
    return out;
  }

  /**
   * Every section's full-validation errors, grouped by section (a missing section counts as empty), and the state
   * of each section the record has, from one run of its validator (one rule: ADR 060).
   */
  function submitCheck(
    sections: Record<string, SectionData>,
    forms: Record<string, FormRef>,
    lang: Lang,
  ): { missing: Record<string, Record<string, string>>; states: Record<string, SectionState> } {
    const missing: Record<string, Record<string, string>> = {};
    const states: Record<string, SectionState> = {};
    for (const part of parts()) {
      const { form, version } = formOf(part, forms);
      const { errors, state } = engine.assess(form, version, sections[part.key] ?? {}, {
        mode: 'full',
        lang,
      });
      if (part.key in sections) states[part.key] = state;
      if (errors.length === 0) continue;
      const own: Record<string, string> = {};
      for (const error of errors) own[error.path] ??= error.message;
      missing[part.key] = own;
    }
    return { missing, states };
  }

  const changeOf = (
    status: IntakeStatus,
    sections: Record<string, SectionData>,
    forms: Record<string, FormRef>,
    states: Record<string, SectionState>,
    address?: string,
  ): IntakeChange => ({
    status,
    sections,
    forms,
    states,
    address,
    // the name lives in the demographics section: a save without it keeps the stored name
    clientName: sections.demographics === undefined ? undefined : clientNameOf(sections),
  });

  /** Why a write matched no row, read after it: 404, submitted (409), or another version (409). */
  async function refusal(practitionerId: string, id: string): Promise<AppError> {
    const now = await store.meta(practitionerId, id);
    if (!now) return notFound();
    if (now.status === 'submitted') return intakeErrors.submitted(now);
    return intakeErrors.conflict(now);
  }

  /**
   * A draft save of an existing record. The sections are checked against the manifest's versions, which is what
   * a record pins unless it was filled before a newer version was published; then one statement counts the
   * save limit and writes, only while the record is a draft (ADR 016, 060). Only when that does not go through
   * is the record read: for the 404, the 409s, or to check the sections against the versions the record pinned.
   */
  async function saveDraft(
    practitionerId: string,
    id: string,
    input: SaveInput,
    lang: Lang,
    limit: Check | undefined,
  ): Promise<SaveResult> {
    let uncounted = limit;
    const manifestForms = pinsFor({}, input.sections);
    const first = assessed(input.sections, manifestForms, 'draft', lang);
    if (Object.keys(first.fields).length === 0) {
      const states = first.states;
      const { saved, hit } = await store.write(
        practitionerId,
        id,
        input.version,
        changeOf('draft', input.sections, manifestForms, states, input.address),
        limit,
      );
      if (hit && limit) assertWithin(hit, limit.limit);
      uncounted = undefined;
      if (saved) return { ...saved, sectionStates: states };
    }
    if (uncounted) await limiter.enforceAll([uncounted]);
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const current = await store.meta(practitionerId, id);
      if (!current) throw notFound();
      if (current.status === 'submitted') throw intakeErrors.submitted(current);
      if (input.version !== undefined && input.version !== current.version)
        throw intakeErrors.conflict(current);
      const forms = pinsFor(current.forms, input.sections);
      const states = check(input.sections, forms, 'draft', lang);
      const change = changeOf('draft', input.sections, forms, states, input.address);
      const { saved } = await store.write(practitionerId, id, input.version, change);
      if (saved) return { ...saved, sectionStates: states };
    }
    throw await refusal(practitionerId, id);
  }

  /**
   * Submits an existing record, with the sections the request carries (none for POST /:id/submit): every
   * section of the record as it would be must pass full validation, else nothing is written (422). The write
   * expects the version that was checked, so a save in between makes it check again.
   */
  async function submitExisting(
    practitionerId: string,
    id: string,
    version: number | undefined,
    carried: Record<string, SectionData>,
    lang: Lang,
    address: string | undefined,
  ): Promise<SaveResult> {
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const current = await store.find(practitionerId, id);
      if (!current) throw notFound();
      if (current.status === 'submitted') throw intakeErrors.submitted(current);
      if (version !== undefined && version !== current.version) throw intakeErrors.conflict(current);
      const forms = pinsFor(current.forms, carried);
      const all = { ...current.sections, ...carried };
      const allForms = { ...current.forms, ...forms };
      const { missing, states } = submitCheck(all, allForms, lang);
      if (Object.keys(missing).length > 0) throw intakeErrors.incomplete(missing);
      const { saved } = await store.write(
        practitionerId,
        id,
        current.version,
        changeOf('submitted', carried, forms, states, address),
      );
      if (saved) return { ...saved, sectionStates: states };
    }
    throw await refusal(practitionerId, id);
  }

  /** The state of each manifest section of a record, computed from its data with its pinned version. */
  function recordStates(record: IntakeRecord): Record<string, SectionState> {
    const states: Record<string, SectionState> = {};
    for (const part of parts()) {
      const { form, version } = formOf(part, record.forms);
      states[part.key] = engine.sectionState(form, version, record.sections[part.key]);
    }
    return states;
  }

  return {
    sectionKeys: () => parts().map((p) => p.key),

    async find(practitionerId: string, id: string): Promise<IntakeRecord> {
      const record = await store.find(practitionerId, id);
      if (!record) throw notFound();
      return record;
    },

    /**
     * The practitioner's records, newest change first, with each section's state as stored at its last save
     * (ADR 060); a section saved before states were kept has its state computed from the decrypted record.
     */
    async list(practitionerId: string): Promise<IntakeListItemView[]> {
      const keys = parts().map((p) => p.key);
      const items = await store.list(practitionerId);
      return Promise.all(
        items.map(async (item) => {
          let states = item.states;
          if (item.filled.some((key) => states[key] === undefined)) {
            const record = await store.find(practitionerId, item.id);
            if (record) states = recordStates(record);
          }
          return {
            id: item.id,
            clientName: item.clientName,
            status: item.status,
            updatedAt: item.updatedAt.toISOString(),
            sectionStates: Object.fromEntries(keys.map((key) => [key, states[key] ?? 'empty'])),
          };
        }),
      );
    },

    /** Where the record stands, without decrypting it; 404 when it is not the practitioner's. */
    async meta(practitionerId: string, id: string): Promise<IntakeMeta> {
      const meta = await store.meta(practitionerId, id);
      if (!meta) throw notFound();
      return meta;
    },

    async remove(practitionerId: string, id: string): Promise<void> {
      if (!(await store.remove(practitionerId, id))) throw notFound();
    },

    /**
     * Creates (no id) or saves a record. A draft is checked in draft mode (only what cannot be stored is refused,
     * ADR 003); a submit checks every section of the record in full mode and writes nothing unless all pass.
     * `limit` is the save limit of a draft update, counted with the write; undefined when limits are off or
     * already counted.
     */
    async save(practitionerId: string, input: SaveInput, lang: Lang, limit?: Check): Promise<SaveResult> {
      const sections = normalized(input.sections);
      const request = { ...input, sections };
      if (input.id !== undefined) {
        if (input.status === 'draft') return saveDraft(practitionerId, input.id, request, lang, limit);
        if (limit) await limiter.enforceAll([limit]);
        return submitExisting(practitionerId, input.id, input.version, sections, lang, input.address);
      }
      if (limit) await limiter.enforceAll([limit]);
      const forms = pinsFor({}, sections);
      let states: Record<string, SectionState>;
      if (input.status === 'submitted') {
        const checked = submitCheck(sections, forms, lang);
        if (Object.keys(checked.missing).length > 0) throw intakeErrors.incomplete(checked.missing);
        states = checked.states;
      } else states = check(sections, forms, 'draft', lang);
      const created = await store.create(practitionerId, {
        status: input.status,
        forms,
        sections,
        states,
        clientName: clientNameOf(sections),
      });
      return { ...created, sectionStates: states };
    },

    /** Marks the record submitted once every section is fully valid (a missing section counts as empty). */
    submit(
      practitionerId: string,
      id: string,
      version: number | undefined,
      lang: Lang,
      address?: string,
    ): Promise<SaveResult> {
      return submitExisting(practitionerId, id, version, {}, lang, address);
    },

    /**
     * A submitted record back to a draft, on the practitioner's explicit choice (ADR 060); audited. Reopening a
     * record that is already a draft changes nothing and answers where it stands.
     */
    async reopen(practitionerId: string, id: string, version: number | undefined): Promise<IntakeMeta> {
      const reopened = await store.reopen(practitionerId, id, version);
      if (reopened) return reopened;
      const now = await store.meta(practitionerId, id);
      if (!now) throw notFound();
      if (now.status === 'draft') return now;
      throw intakeErrors.conflict(now);
    },

    /** The record with every section of the manifest (null when not filled) and the version each uses. */
    view(record: IntakeRecord): IntakeRecordView {
      const forms: Record<string, FormRef> = {};
      const sections: Record<string, SectionData | null> = {};
      for (const part of parts()) {
        forms[part.key] = formOf(part, record.forms);
        sections[part.key] = record.sections[part.key] ?? null;
      }
      return {
        id: record.id,
        status: record.status,
        version: record.version,
        createdAt: record.createdAt.toISOString(),
        updatedAt: record.updatedAt.toISOString(),
        submittedAt: record.submittedAt?.toISOString() ?? null,
        ...sections,
        forms,
        sectionStates: recordStates(record),
      };
    },
  };
}

export type IntakeService = ReturnType<typeof createIntakeService>;
