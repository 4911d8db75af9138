/**
 * Section 8: the FHIR R4 export of a caseload of 500 clients × 20 responses (school-day: guardian and teacher in
 * turn, three scales with T-scores and percentiles), measured as the account archive makes its FHIR part: the
 * FHIR service reads every record and response once, opens them and maps each client to a Bundle, and the
 * bundles are serialised as the archive writes them. Reference: the archive's questionnaire-responses part of the
 * same caseload (the same reads and decryption, no mapping), in the same run. PGlite in a scratch folder.
 */
import { randomUUID } from 'node:crypto';
import { loadEngine, loadQuestionnaireCatalog } from '../../src/forms/node';
import { type ScoringContext, scoreAnswers } from '../../src/forms/questionnaires';
import { deriveDataKeys } from '../../src/server/crypto/encryption';
import { openDatabase } from '../../src/server/db/open-database';
import { createFhirService } from '../../src/server/fhir/fhir-service';
import { createIntakeStore } from '../../src/server/intake/store';
import { questionnaireResponsesCategory } from '../../src/server/privacy/categories/questionnaire-responses';
import type { Say } from '../../src/server/privacy/data-category';
import { createResponseStore } from '../../src/server/questionnaires/response-store';
import type { Row } from '../lib/results';
import { tempDataDir } from '../lib/servers';
import { spread } from '../lib/stats';
import type { BenchContext } from './context';

const CLIENTS = 500;
const RESPONSES = 20;
const TARGET_S = 5;
const OPTIONS = ['never', 'sometimes', 'often', 'veryOften'];

/** A full school-day response that differs by client and week, so scores and bands vary. */
function answersOf(itemIds: readonly string[], seed: number, teacher: boolean): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const [i, item] of itemIds.entries()) {
    if (item === 't1') {
      if (teacher) answers.t1 = 'overAYear';
    } else answers[item] = OPTIONS[(seed + i) % OPTIONS.length]!;
  }
  return answers;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return (performance.now() - start) / 1000;
}

export async function fhirSection(ctx: BenchContext): Promise<Row[]> {
  const engine = loadEngine();
  const catalog = loadQuestionnaireCatalog();
  const def = catalog.get('school-day');
  const keys = deriveDataKeys(Buffer.alloc(32, 7));
  const opened = await openDatabase({ dataDir: tempDataDir(ctx.outDir, 'fhir') });
  try {
    const { db } = opened;
    const user = await db
      .insertInto('users')
      .values({
        email: `fhir-bench-${randomUUID()}@example.com`,
        password_hash: 'not-a-hash',
        first_name: 'Bench',
        last_name: 'Practitioner',
        terms_accepted_at: new Date(),
        privacy_accepted_at: new Date(),
        specializations: JSON.stringify([]),
        work_areas: JSON.stringify([]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const intakes = createIntakeStore(db, keys.encryption);
    const responses = createResponseStore(db, keys.encryption);
    ctx.log(`8 fhir: seeding ${CLIENTS} clients × ${RESPONSES} responses`);
    for (let c = 0; c < CLIENTS; c++) {
      const demographics = {
        clientFirstName: `Danışan${c}`,
        clientLastName: 'Yılmaz',
        birthDate: '2016-03-01',
        gender: c % 2 === 0 ? 'female' : 'male',
      };
      const intake = await intakes.create(user.id, {
        status: 'draft',
        sections: { demographics },
        forms: {},
        clientName: `${demographics.clientFirstName} ${demographics.clientLastName}`,
        states: {},
      });
      for (let r = 0; r < RESPONSES; r++) {
        const respondent = r % 2 === 0 ? 'guardian' : 'teacher';
        const created = await responses.create(user.id, {
          intakeId: intake.id,
          questionnaireId: def.id,
          questionnaireVersion: def.version,
          scoringVersion: def.scoringVersion,
          language: r % 3 === 0 ? 'en' : 'tr',
          respondent,
          replacesId: null,
        });
        const answers = answersOf(def.itemIds, c + r, respondent === 'teacher');
        const context: ScoringContext = {
          respondent,
          age: 10,
          sex: demographics.gender as 'female' | 'male',
        };
        await responses.write(user.id, created!.id, undefined, answers, scoreAnswers(def, answers, context));
      }
    }
    ctx.log('8 fhir: seeded; exporting');
    const fhir = createFhirService({
      engine,
      intakeStore: intakes,
      responseStore: responses,
      responses: {
        list: (practitionerId, intakeId) => responses.listForIntake(practitionerId, intakeId),
        definitionOf: (r) => catalog.get(r.questionnaireId, r.questionnaireVersion, r.scoringVersion),
      },
      publicUrl: 'https://example.org',
    });
    const say: Say = {
      time: (at) => (at ? new Date(at).toISOString() : ''),
      word: (_ns, key) => key,
      client: (id) => id ?? '',
    };
    let resources = 0;
    const ours = async () => {
      const bundles = await fhir.account(user.id, 'tr');
      resources = bundles.reduce((n, b) => n + b.bundle.entry.length, 0);
      for (const { bundle } of bundles) JSON.stringify(bundle);
    };
    const reference = async () => {
      const part = await questionnaireResponsesCategory.export({ db, keys, say }, user.id);
      JSON.stringify(part.data, null, 2);
    };
    await ours();
    const expected = CLIENTS * (1 + 2 + 1 + RESPONSES * (1 + def.scoring.scales.length));
    if (resources !== expected)
      throw new Error(`the caseload exported ${resources} resources, not ${expected}`);
    const runs = ctx.quick ? 2 : 5;
    const oursTimes: number[] = [];
    const referenceTimes: number[] = [];
    for (let i = 0; i < runs; i++) {
      oursTimes.push(await time(ours));
      referenceTimes.push(await time(reference));
    }
    const median = spread(oursTimes);
    return [
      {
        section: '8',
        metric: `FHIR export of a caseload, ${CLIENTS} clients × ${RESPONSES} responses (${resources} resources): the account archive's FHIR part through the FHIR service, PGlite`,
        unit: 's',
        ours: median,
        reference: {
          label: "the archive's questionnaire-responses part of the same caseload",
          value: spread(referenceTimes),
        },
        target: { text: `median ≤ ${TARGET_S} s`, met: median.median <= TARGET_S },
      },
    ];
  } finally {
    await opened.close();
  }
}
