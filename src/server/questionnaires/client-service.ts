import type { Engine } from '../../forms/engine';
import { labelsWithRange } from '../../forms/questionnaires/change';
import type { Lang } from '../../forms/types';
import {
  bandGapOf,
  type ClientListItemView,
  type ClientView,
  type NormGap,
  type PointChange,
} from '../../shared';
import { assertUuid, notFound } from '../errors';
import type { IntakeService } from '../intake/service';
import type { IntakeStore } from '../intake/store';
import { localDate, localDateTime } from '../local-time';
import { createAgeCheck } from './age-check';
import { ageOn } from './client-age';
import type { ClientListStore } from './client-list-store';
import { csvDialect, toCsv } from './csv';
import type { GiveInput, ResponseService } from './response-service';
import type { ResponseSummary } from './response-store';
import { type CriteriaOf, resultsOf } from './results';
import { sexOf } from './scoring-context';

/** Turkish-aware folding, so 'IŞIK' finds 'Işık' and 'i' finds 'İ'. */
const fold = (text: string) => text.toLocaleLowerCase('tr').normalize('NFC');

/**
 * `AY` for Ayşe Yılmaz: the client's initials for a file name, in plain letters (a header keeps to ASCII; the
 * initials alone say little to anyone who finds the file).
 */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const picked = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  const initials = picked
    .map((word) => word[0]!.toLocaleUpperCase('tr'))
    .join('')
    .normalize('NFD')
    .replace(/[^A-Z]/g, '');
  return initials || 'X';
}

/** The scores CSV's change columns (ADR 127), after the band. */
const CHANGE_COLUMNS = ['changeSinceFirst', 'changeSincePrevious', 'clinicalRange', 'cutoffCrossed'];

/** A score's change labels in the words of the results page; empty cells where it has none. */
function changeCells(change: PointChange | null, word: (key: string) => string): string[] {
  const clinical = change?.clinical;
  return [
    change?.sinceFirst ? word(change.sinceFirst) : '',
    change?.sincePrevious ? word(change.sincePrevious) : '',
    clinical === true ? word('clinical') : clinical === false ? word('typical') : '',
    change?.crossed ? word(change.crossed) : '',
  ];
}

const responseListView = (r: ResponseSummary) => ({
  id: r.id,
  respondent: r.respondent,
  questionnaireId: r.questionnaireId,
  questionnaireVersion: r.questionnaireVersion,
  scoringVersion: r.scoringVersion,
  language: r.language,
  status: r.status,
  version: r.version,
  replaces: r.replacesId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  submittedAt: r.submittedAt?.toISOString() ?? null,
  result: r.result,
});

/**
 * Clients are intake records (one client per record): the list with name, age and last activity, a client's
 * page (intake status and sections, questionnaires given, results) and the CSV of its scores.
 */
export function createClientService(
  engine: Engine,
  intakeStore: IntakeStore,
  intakes: IntakeService,
  responses: ResponseService,
  criteriaOf: CriteriaOf,
  listStore: ClientListStore,
  now: () => Date = () => new Date(),
) {
  const checkAge = createAgeCheck(intakeStore, responses.ageRangeOf, now);

  async function find(practitionerId: string, id: string) {
    assertUuid(id);
    const record = await intakeStore.find(practitionerId, id);
    if (!record) throw notFound();
    return record;
  }

  return {
    /** The practitioner's clients, latest activity first; `q` keeps those whose name holds it (any case). */
    async list(practitionerId: string, q?: string): Promise<ClientListItemView[]> {
      const today = now();
      const rows = await listStore.list(practitionerId, localDate(today));
      const needle = q ? fold(q.trim()) : '';
      return rows
        .filter((row) => needle === '' || fold(row.clientName).includes(needle))
        .map((row) => ({
          id: row.id,
          name: row.clientName,
          age: ageOn(row.birthDate, today),
          intakeStatus: row.status,
          lastActivity: row.lastActivity.toISOString(),
          ...(row.schedules ? { schedules: row.schedules } : {}),
        }))
        .sort((a, b) => b.lastActivity.localeCompare(a.lastActivity));
    },

    /** A client's page: who, the intake's status and sections, the questionnaires given, the results. */
    async view(practitionerId: string, id: string): Promise<ClientView> {
      const record = await find(practitionerId, id);
      const intake = intakes.view(record);
      const given = await responses.list(practitionerId, id);
      const demographics = record.sections.demographics ?? {};
      return {
        id: record.id,
        name: [demographics.clientFirstName, demographics.clientLastName]
          .filter((part) => typeof part === 'string' && part.trim() !== '')
          .join(' '),
        birthDate: typeof demographics.birthDate === 'string' ? demographics.birthDate : null,
        age: ageOn(demographics.birthDate, now()),
        sex: sexOf(demographics.gender),
        intake: {
          status: intake.status,
          createdAt: intake.createdAt,
          updatedAt: intake.updatedAt,
          submittedAt: intake.submittedAt,
          sectionStates: intake.sectionStates ?? {},
        },
        responses: given.map(responseListView),
        results: resultsOf(given, criteriaOf),
      };
    },

    /**
     * Gives a questionnaire to a client in session. Outside its age range (by the birth date in the intake) it is
     * given only with `ageOverride`; `ageOverridden` tells the route to record that. A correction keeps the
     * original's choice and is not asked again.
     */
    async give(practitionerId: string, intakeId: string, input: GiveInput & { ageOverride?: boolean }) {
      const { ageOverride, ...give } = input;
      const { ageOverridden } =
        give.replaces === undefined
          ? await checkAge(practitionerId, intakeId, give.questionnaireId, ageOverride)
          : { ageOverridden: false };
      return { created: await responses.give(practitionerId, intakeId, give), ageOverridden };
    },

    async results(practitionerId: string, id: string) {
      await find(practitionerId, id);
      return resultsOf(await responses.list(practitionerId, id), criteriaOf);
    },

    /**
     * Every score of record of a client, one row per response and scale, in the practitioner's language and that
     * language's spreadsheet dialect (ADR 114): Istanbul times, the language each response was given in, who
     * answered it, the normed scores when its scale has them (ADR 125), the change labels against that informant's
     * first and previous score (ADR 127), and a response's flags once, on its first row, so counting them in a
     * spreadsheet counts responses.
     */
    async csv(practitionerId: string, id: string, lang: Lang): Promise<{ name: string; text: string }> {
      const view = await this.view(practitionerId, id);
      const t = (key: string) => engine.t(lang, 'questionnaires', `csv.${key}`);
      const rows: Array<Array<string | number | null>> = [
        [
          'client',
          'questionnaire',
          'version',
          'scoringVersion',
          'submittedAt',
          'language',
          'respondent',
          'scale',
          'score',
          'tScore',
          'percentile',
          'band',
          ...CHANGE_COLUMNS,
          'flags',
        ].map(t),
      ];
      const given = new Map(view.responses.map((r) => [r.id, r]));
      // a band missing for want of a score, or of norms for this client although there is a score
      const bandGapCell = (score: number | null, scored: { normGap?: NormGap } | undefined) => {
        const gap = bandGapOf(score, null, scored?.normGap);
        return gap ? t(gap) : null;
      };
      for (const entry of view.results) {
        for (const response of entry.responses) {
          const { respondent, result } = given.get(response.id)!;
          const def = `questionnaires/${entry.questionnaireId}`;
          const title = engine.t(lang, def, '_form.title');
          const flags = response.flags.map((flag) => engine.t(lang, def, flag.labelKey)).join('; ');
          const language = engine.t(lang, 'questionnaires', `languages.${response.language}`);
          let first = true;
          for (const scale of entry.scales) {
            const point = scale.points.find((p) => p.responseId === response.id);
            if (!point) continue;
            const scored = result?.scales.find((s) => s.id === scale.id);
            const normed = scored?.normed;
            rows.push([
              view.name,
              title,
              response.questionnaireVersion,
              response.scoringVersion,
              localDateTime(new Date(response.submittedAt)),
              language,
              respondent ? engine.t(lang, 'questionnaires', `respondents.${respondent}`) : '',
              engine.t(lang, def, scale.labelKey),
              point.score,
              normed?.t ?? null,
              normed?.percentile ?? null,
              point.band ? engine.t(lang, def, point.band.labelKey) : bandGapCell(point.score, scored),
              ...changeCells(labelsWithRange(scale.change, point.score, point.change), (key) =>
                engine.t(lang, 'questionnaires', `change.${key}`),
              ),
              first ? flags : '',
            ]);
            first = false;
          }
        }
      }
      const name = `${t('fileName')}-${initialsOf(view.name)}-${localDate(now())}.csv`;
      return { name, text: toCsv(rows, csvDialect(lang)) };
    },
  };
}

export type ClientService = ReturnType<typeof createClientService>;
