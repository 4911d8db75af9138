/** The golden answer sets of the example questionnaires (tests/fixtures/questionnaires/<id>.golden.json). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScoreResult } from '../../../../src/forms/questionnaires/index.ts';

export interface GoldenCase {
  name: string;
  answers: Record<string, unknown>;
  expected: {
    scales: Record<string, { score: number | null; answered: number; band: string | null }>;
    flags: string[];
  };
}

export interface GoldenFile {
  questionnaire: string;
  version: number;
  scoringVersion: number;
  cases: GoldenCase[];
}

export const GOLDEN_IDS = ['everyday-feelings', 'home-routines'];

export function readGolden(id: string): GoldenFile {
  const file = join(__dirname, '../../../fixtures/questionnaires', `${id}.golden.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as GoldenFile;
}

/** A score result in the golden files' shape: scale id -> score, answered and band id; flag ids. */
export function asGolden(result: ScoreResult): GoldenCase['expected'] {
  return {
    scales: Object.fromEntries(
      result.scales.map((s) => [s.id, { score: s.score, answered: s.answered, band: s.band?.id ?? null }]),
    ),
    flags: result.flags.map((f) => f.id),
  };
}
