import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonTree } from '../../../../src/forms/node';
import {
  canonicalJson,
  checkScoringLock,
  publishScoringLock,
  type ScoringLock,
} from '../../../../src/forms/questionnaires/scoring-lock';

const SCHEMAS = join(__dirname, '../../../fixtures/questionnaires/files/schemas');
// biome-ignore lint/suspicious/noExplicitAny: fixtures are edited freely to break them
const files = () => structuredClone(readJsonTree(SCHEMAS)) as Record<string, any>;
const sha256 = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;
const DIR = 'schemas/questionnaires/mini';

/** The lock of the fixture as published: mini v1 (scoring 1) and v2 (scoring 3, the older single files). */
const published = () => {
  const { lock, problems } = publishScoringLock(files(), undefined, sha256);
  expect(problems).toEqual([]);
  return lock;
};

describe('canonicalJson', () => {
  it('ignores key order and spacing, keeps array order and values', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: 3, c: null }] })).toBe('{"a":[2,{"c":null,"d":3}],"b":1}');
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
  });
});

describe('publishScoringLock', () => {
  it('records each scoring version by questionnaire and file name, with its hash', () => {
    const lock = published();
    expect(Object.keys(lock)).toEqual(['mini']);
    expect(Object.keys(lock.mini!)).toEqual(['v1.scoring.v1', 'v2.scoring.v3']);
    expect(lock.mini!['v2.scoring.v3']).toBe(
      sha256(canonicalJson(files()['questionnaires/mini/v2.scoring.json'])),
    );
  });

  it('adds a new scoring version and leaves the published ones as they were', () => {
    const before = published();
    const tree = files();
    tree['questionnaires/mini/v2.scoring.v4.json'] = {
      ...tree['questionnaires/mini/v2.scoring.json'],
      version: 4,
    };
    const { lock, added, problems } = publishScoringLock(tree, before, sha256);
    expect(problems).toEqual([]);
    expect(added).toEqual([`${DIR}/v2.scoring.v4.json`]);
    expect(lock.mini!['v2.scoring.v3']).toBe(before.mini!['v2.scoring.v3']);
    expect(lock.mini!['v2.scoring.v4']).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('never rewrites the hash of an edited published version: nothing is published and the problem is named', () => {
    const before = published();
    const tree = files();
    tree['questionnaires/mini/v2.scoring.json'].scales[0].bands[0].max = 1;
    tree['questionnaires/mini/v2.scoring.v4.json'] = {
      ...files()['questionnaires/mini/v2.scoring.json'],
      version: 4,
    };
    const result = publishScoringLock(tree, before, sha256);
    expect(result.added).toEqual([]);
    expect(result.lock).toEqual(before);
    expect(result.problems).toEqual([
      {
        file: `${DIR}/v2.scoring.json`,
        path: '$',
        message:
          'this scoring version is published and must not change: undo the edit and put it in a new scoring version, v2.scoring.v5.json, then publish it (ADR 109)',
      },
    ]);
  });
});

describe('checkScoringLock', () => {
  it('passes when every scoring file matches its published hash', () => {
    expect(checkScoringLock(files(), published(), sha256)).toEqual([]);
  });

  it('passes when a file is only re-indented or its keys reordered', () => {
    const tree = files();
    const { version, ...rest } = tree['questionnaires/mini/v1.scoring.json'];
    tree['questionnaires/mini/v1.scoring.json'] = { ...rest, version };
    expect(checkScoringLock(tree, published(), sha256)).toEqual([]);
  });

  it('refuses a raised "version" in the older single file: the published version is gone, the new one unpublished', () => {
    const tree = files();
    tree['questionnaires/mini/v1.scoring.json'].version = 2;
    expect(checkScoringLock(tree, published(), sha256)).toEqual([
      {
        file: `${DIR}/v1.scoring.json`,
        path: '$',
        message:
          'scoring version not published yet: run `npm run check:forms -- --publish` to record it in schemas/questionnaires/scoring.lock.json (ADR 109)',
      },
      {
        file: `${DIR}/v1.scoring.v1.json`,
        path: '$',
        message:
          'a published scoring version is missing: responses may be pinned to it; restore it from git and put any change in a new scoring version (ADR 109)',
      },
    ]);
  });

  it('refuses an edit to a published version, naming the file and the next version to add', () => {
    const tree = files();
    tree['questionnaires/mini/v1.scoring.json'].scales[0].minAnswered = 1;
    expect(checkScoringLock(tree, published(), sha256)).toEqual([
      expect.objectContaining({
        file: `${DIR}/v1.scoring.json`,
        path: '$',
        message: expect.stringContaining('put it in a new scoring version, v1.scoring.v2.json'),
      }),
    ]);
  });

  it('treats a missing lock as empty: every scoring version is reported unpublished', () => {
    expect(checkScoringLock(files(), undefined, sha256).map((p) => p.file)).toEqual([
      `${DIR}/v1.scoring.json`,
      `${DIR}/v2.scoring.json`,
    ]);
  });

  it('reports a lock of the wrong shape on the lock file', () => {
    const broken = { mini: ['v1'] } as unknown as ScoringLock;
    expect(checkScoringLock(files(), broken, sha256)).toContainEqual({
      file: 'schemas/questionnaires/scoring.lock.json',
      path: '$',
      message: expect.stringMatching(/^must map each questionnaire id/),
    });
  });

  it('publishing passes over unpublished versions but still refuses an edited one', () => {
    const tree = files();
    tree['questionnaires/mini/v1.scoring.json'].scales[0].minAnswered = 1;
    expect(checkScoringLock(tree, undefined, sha256, true)).toEqual([]);
    expect(checkScoringLock(tree, published(), sha256, true)).toHaveLength(1);
  });
});
