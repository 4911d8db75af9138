import type { Engine } from '../../forms/engine';
import type { Lang } from '../../forms/types';
import { notFound, validationFailed } from '../errors';
import { type FormRef, formOf, type IntakeStatus, intakeParts } from './sections';
import type { IntakeRecord, IntakeStore, SectionData } from './store';

export interface SaveInput {
  id?: string;
  status: IntakeStatus;
  /** The record version the client last saw; a different current version is a conflict. */
  version?: number;
  sections: Record<string, SectionData>;
}

/** The record moved on since the client read it: the answer carries where it is now. */
export class IntakeConflict extends Error {
  constructor(readonly current: IntakeRecord) {
    super('CONFLICT');
    this.name = 'IntakeConflict';
  }
}

/** Attempts at a save without a version when another save slips in between read and write. */
const UNVERSIONED_ATTEMPTS = 3;

function clientNameOf(sections: Record<string, SectionData>): string {
  const demographics = sections.demographics ?? {};
  const part = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return [part(demographics.clientFirstName), part(demographics.clientLastName)].filter(Boolean).join(' ');
}

/** Saves, submits and checks intake records with the form engine; routes only translate HTTP. */
export function createIntakeService(engine: Engine, store: IntakeStore) {
  const parts = () => intakeParts(engine);

  /** Validates sections with their pinned versions; field paths are prefixed by the section key. */
  function check(
    sections: Record<string, SectionData>,
    forms: Record<string, FormRef>,
    mode: 'draft' | 'full',
    lang: Lang,
  ): void {
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
    if (Object.keys(fields).length > 0) throw validationFailed(fields);
  }

  /** Sections new to the record take the manifest's version; saved ones keep theirs. */
  function pin(
    existing: Record<string, FormRef>,
    sections: Record<string, SectionData>,
  ): Record<string, FormRef> {
    const forms = { ...existing };
    for (const part of parts()) {
      if (sections[part.key] !== undefined) forms[part.key] = formOf(part, existing);
    }
    return forms;
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

    async save(practitionerId: string, input: SaveInput, lang: Lang): Promise<IntakeRecord> {
      const mode = input.status === 'submitted' ? 'full' : 'draft';
      if (input.id === undefined) {
        const forms = pin({}, input.sections);
        check(input.sections, forms, mode, lang);
        return store.create(practitionerId, {
          status: input.status,
          forms,
          sections: input.sections,
          clientName: clientNameOf(input.sections),
        });
      }
      for (let attempt = 0; attempt < UNVERSIONED_ATTEMPTS; attempt++) {
        const current = await store.find(practitionerId, input.id);
        if (!current) throw notFound();
        if (input.version !== undefined && input.version !== current.version)
          throw new IntakeConflict(current);
        const forms = pin(current.forms, input.sections);
        check(input.sections, forms, mode, lang);
        const sections = { ...current.sections, ...input.sections };
        const saved = await store.update(practitionerId, input.id, current.version, {
          status: input.status,
          forms,
          sections,
          clientName: clientNameOf(sections),
        });
        if (saved) return saved;
        if (input.version !== undefined) {
          const now = await store.find(practitionerId, input.id);
          if (!now) throw notFound();
          throw new IntakeConflict(now);
        }
      }
      const now = await store.find(practitionerId, input.id);
      if (!now) throw notFound();
      throw new IntakeConflict(now);
    },

    /** Marks the record submitted once every section is fully valid (a missing section counts as empty). */
    async submit(practitionerId: string, id: string, version: number | undefined, lang: Lang) {
      const current = await store.find(practitionerId, id);
      if (!current) throw notFound();
      if (version !== undefined && version !== current.version) throw new IntakeConflict(current);
      const all = Object.fromEntries(parts().map((p) => [p.key, current.sections[p.key] ?? {}]));
      check(all, current.forms, 'full', lang);
      const saved = await store.update(practitionerId, id, current.version, {
        status: 'submitted',
        forms: current.forms,
        sections: current.sections,
        clientName: clientNameOf(current.sections),
      });
      if (!saved) {
        const now = await store.find(practitionerId, id);
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
