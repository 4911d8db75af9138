import type { Engine } from '../../forms/engine';
import type { Lang } from '../../forms/types';
import type { SectionData } from '../../shared';
import { assertUuid, notFound } from '../errors';
import type { IntakeStore } from '../intake/store';
import { localDate } from '../local-time';
import { initialsOf } from '../questionnaires/client-service';
import type { ResponseService } from '../questionnaires/response-service';
import type { ResponseRecord, ResponseStore } from '../questionnaires/response-store';
import { type BundleInput, clientBundle, type FhirClient } from './bundle';
import type { Bundle } from './resources';

export interface FhirDeps {
  engine: Engine;
  intakeStore: IntakeStore;
  responseStore: ResponseStore;
  /** A client's responses (the visibility rule) and each response's pinned definition. */
  responses: Pick<ResponseService, 'list' | 'definitionOf'>;
  /** PUBLIC_URL: canonical URLs and local code systems live under `<PUBLIC_URL>/fhir`. */
  publicUrl: string;
  now?: () => Date;
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

function clientOf(id: string, demographics: SectionData | undefined): FhirClient {
  const d = demographics ?? {};
  return {
    id,
    firstName: text(d.clientFirstName),
    lastName: text(d.clientLastName),
    birthDate: text(d.birthDate),
    gender: text(d.gender),
  };
}

/** The submitted responses a client's results show: a response a submitted correction replaces is left out. */
function current(responses: readonly ResponseRecord[]): ResponseRecord[] {
  const submitted = responses.filter((r) => r.status === 'submitted');
  const replaced = new Set(submitted.map((r) => r.replacesId).filter(Boolean));
  return submitted.filter((r) => !replaced.has(r.id));
}

/**
 * FHIR R4 export (ADR 131, docs/fhir.md): one client's responses as a Bundle for the client page, and every
 * client's bundle for the account archive. Callers audit.
 */
export function createFhirService(deps: FhirDeps) {
  const { engine, intakeStore, responseStore, responses } = deps;
  const now = deps.now ?? (() => new Date());
  const base = `${deps.publicUrl.replace(/\/+$/, '')}/fhir`;

  /**
   * Texts for one export, each looked up once: an i18next lookup costs a fraction of a millisecond, and a caseload
   * asks for the same labels tens of thousands of times.
   */
  function textsFor(): { textsOf: BundleInput['textsOf']; word: BundleInput['word'] } {
    const seen = new Map<string, string | undefined>();
    const once = (key: string, look: () => string | undefined) => {
      if (!seen.has(key)) seen.set(key, look());
      return seen.get(key);
    };
    return {
      textsOf: (formId, respondent) => {
        const translate = engine.translateFor(respondent);
        return (language: Lang, key: string) =>
          once(`${formId}\u0000${respondent}\u0000${language}\u0000${key}`, () =>
            translate(language, formId, key),
          );
      },
      word: (language: Lang, key: string) =>
        once(`\u0000${language}\u0000${key}`, () => engine.t(language, 'questionnaires', key)) ?? key,
    };
  }

  function bundleOf(
    client: FhirClient,
    given: readonly ResponseRecord[],
    lang: Lang,
    at: Date,
    texts = textsFor(),
  ): Bundle {
    return clientBundle({
      base,
      client,
      responses: current(given),
      definitionOf: responses.definitionOf,
      ...texts,
      lang,
      now: at,
    });
  }

  return {
    /** One client's bundle and its file name (`fhir-AY-2026-11-26.json`); 404 for a client the practitioner does not see. */
    async client(practitionerId: string, id: string, lang: Lang): Promise<{ name: string; bundle: Bundle }> {
      assertUuid(id);
      const record = await intakeStore.find(practitionerId, id);
      if (!record) throw notFound();
      const listed = await responses.list(practitionerId, id);
      const given: ResponseRecord[] = [];
      for (const summary of listed.filter((r) => r.status === 'submitted')) {
        const found = await responseStore.find(practitionerId, summary.id);
        if (found) given.push(found);
      }
      const client = clientOf(id, record.sections.demographics);
      const at = now();
      const name = [client.firstName, client.lastName].filter(Boolean).join(' ');
      return {
        name: `fhir-${initialsOf(name)}-${localDate(at)}.json`,
        bundle: bundleOf(client, given, lang, at),
      };
    },

    /** Every client's bundle (clients awaiting deletion left out), for the account archive: two reads in all. */
    async account(practitionerId: string, lang: Lang): Promise<Array<{ clientId: string; bundle: Bundle }>> {
      const [records, all] = await Promise.all([
        intakeStore.everything(practitionerId),
        responseStore.everything(practitionerId),
      ]);
      const byClient = new Map<string, ResponseRecord[]>();
      for (const r of all) byClient.set(r.intakeId, [...(byClient.get(r.intakeId) ?? []), r]);
      const at = now();
      const texts = textsFor();
      return records
        .filter((record) => record.deletedAt === null)
        .map((record) => ({
          clientId: record.id,
          bundle: bundleOf(
            clientOf(record.id, record.sections.demographics),
            byClient.get(record.id) ?? [],
            lang,
            at,
            texts,
          ),
        }));
    },
  };
}

export type FhirService = ReturnType<typeof createFhirService>;
