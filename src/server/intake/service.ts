import type { Engine } from '../../forms/engine';
import type { Lang } from '../../forms/types';
import { type FieldMessage, notFound, validationFailed } from '../errors';
import { assertWithin, type Check, type Limiter } from '../security/limiter';
import { type FormRef, formOf, type IntakeStatus, intakeParts } from './sections';
import type { IntakeChange, IntakeMeta, IntakeRecord, IntakeStore, SectionData } from './store';

export interface SaveInput {
  id?: string;
  status: IntakeStatus;
  /** The record version the client last saw; a different current version is a conflict. */
  version?: number;
  sections: Record<string, SectionData>;
}

/** The record moved on since the client read it: the answer carries where it is now. */
export class IntakeConflict extends Error {
  constructor(readonly current: IntakeMeta) {
    super('CONFLICT');
    this.name = 'IntakeConflict';
  }
}

/** Attempts at a save that lost a race to a pin or a deletion between reading and writing. */
const WRITE_ATTEMPTS = 3;

function clientNameOf(sections: Record<string, SectionData>): string {
  const demographics = sections.demographics ?? {};
  const part = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return [part(demographics.clientFirstName), part(demographics.clientLastName)].filter(Boolean).join(' ');
}

/** Saves, submits and checks intake records with the form engine; routes only translate HTTP. */
export function createIntakeService(engine: Engine, store: IntakeStore, limiter: Limiter) {
  const parts = () => intakeParts(engine);

  /** Field errors of sections checked with the given versions; paths are prefixed by the section key. */
  function errorsOf(
    sections: Record<string, SectionData>,
    forms: Record<string, FormRef>,
    mode: 'draft' | 'full',
    lang: Lang,
  ): Record<string, FieldMessage> {
    const fields: Record<string, string> = {};
    for (const part of parts()) {
      const data = sections[part.key];
      if (data === undefined) continue;
      const { form, version } = formOf(part, forms);
      for (const error of engine.validate(form, version, data, { mode, lang })) {
        const path = error.path ? `${part.key}.${error.path}` : part.key;
        fields[path] ??= error.message;
      }
    }
    return fields;
  }

  function check(
    sections: Record<string, SectionData>,
    forms: Record<string, FormRef>,
    mode: 'draft' | 'full',
    lang: Lang,
  ): void {
    const fields = errorsOf(sections, forms, mode, lang);
    if (Object.keys(fields).length > 0) throw validationFailed(fields);
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

  const changeOf = (input: SaveInput, forms: Record<string, FormRef>): IntakeChange => ({
    status: input.status,
    sections: input.sections,
    forms,
    // the name lives in the demographics section: a save without it keeps the stored name
    clientName: input.sections.demographics === undefined ? undefined : clientNameOf(input.sections),
  });

  /**
   * A save of an existing record. The sections are checked against the manifest's versions, which is what a
   * record pins unless it was filled before a newer version was published; then one statement counts the
   * save limit and writes (ADR 016). Only when that does not go through is the record read: for the 404,
   * the 409, or to check the sections against the versions the record pinned.
   */
  async function update(
    practitionerId: string,
    id: string,
    input: SaveInput,
    mode: 'draft' | 'full',
    lang: Lang,
    limit: Check | undefined,
  ): Promise<IntakeMeta> {
    let uncounted = limit;
    const manifestForms = pinsFor({}, input.sections);
    if (Object.keys(errorsOf(input.sections, manifestForms, mode, lang)).length === 0) {
      const { saved, hit } = await store.write(
        practitionerId,
        id,
        input.version,
        changeOf(input, manifestForms),
        limit,
      );
      if (hit && limit) assertWithin(hit, limit.limit);
      uncounted = undefined;
      if (saved) return saved;
    }
    if (uncounted) await limiter.enforceAll([uncounted]);
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const current = await store.meta(practitionerId, id);
      if (!current) throw notFound();
      if (input.version !== undefined && input.version !== current.version) throw new IntakeConflict(current);
      const forms = pinsFor(current.forms, input.sections);
      check(input.sections, forms, mode, lang);
      const { saved } = await store.write(practitionerId, id, input.version, changeOf(input, forms));
      if (saved) return saved;
    }
    const now = await store.meta(practitionerId, id);
    if (!now) throw notFound();
    throw new IntakeConflict(now);
  }

  return {
    sectionKeys: () => parts().map((p) => p.key),

    async find(practitionerId: string, id: string): Promise<IntakeRecord> {
      const record = await store.find(practitionerId, id);
      if (!record) throw notFound();
      return record;
    },

    /** The practitioner's records, newest change first, with which sections hold data. */
    async list(practitionerId: string) {
      const keys = parts().map((p) => p.key);
      const items = await store.list(practitionerId);
      return items.map((item) => ({
        id: item.id,
        clientName: item.clientName,
        status: item.status,
        updatedAt: item.updatedAt.toISOString(),
        sections: Object.fromEntries(keys.map((key) => [key, item.filled.includes(key)])),
      }));
    },

    async remove(practitionerId: string, id: string): Promise<void> {
      if (!(await store.remove(practitionerId, id))) throw notFound();
    },

    /**
     * Creates (no id) or saves a record: draft mode for a draft, full mode for a submit. `limit` is the save
     * limit of an update, counted with the write; undefined when limits are off or already counted.
     */
    async save(practitionerId: string, input: SaveInput, lang: Lang, limit?: Check): Promise<IntakeMeta> {
      const mode = input.status === 'submitted' ? 'full' : 'draft';
      if (input.id !== undefined) return update(practitionerId, input.id, input, mode, lang, limit);
      if (limit) await limiter.enforceAll([limit]);
      const forms = pinsFor({}, input.sections);
      check(input.sections, forms, mode, lang);
      return store.create(practitionerId, {
        status: input.status,
        forms,
        sections: input.sections,
        clientName: clientNameOf(input.sections),
      });
    },

    /** Marks the record submitted once every section is fully valid (a missing section counts as empty). */
    async submit(practitionerId: string, id: string, version: number | undefined, lang: Lang) {
      const current = await store.find(practitionerId, id);
      if (!current) throw notFound();
      if (version !== undefined && version !== current.version) throw new IntakeConflict(current);
      const all = Object.fromEntries(parts().map((p) => [p.key, current.sections[p.key] ?? {}]));
      check(all, current.forms, 'full', lang);
      const { saved } = await store.write(practitionerId, id, current.version, {
        status: 'submitted',
        sections: {},
        forms: {},
      });
      if (!saved) {
        const now = await store.meta(practitionerId, id);
        if (!now) throw notFound();
        throw new IntakeConflict(now);
      }
      return saved;
    },

    /** The record with every section of the manifest (null when not filled) and the version each uses. */
    view(record: IntakeRecord) {
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
      };
    },
  };
}

export type IntakeService = ReturnType<typeof createIntakeService>;
