/**
 * A published scoring version never changes (ADR 109): `schemas/questionnaires/scoring.lock.json` holds a content
 * hash per scoring version, and check:forms compares each scoring file with it. `--publish` adds the hashes of new
 * scoring versions and never rewrites one already there, so an edit cannot be published over.
 */
import type { Problem } from '../check-walk.ts';
import { isNode } from '../check-walk.ts';
import type { SchemaFiles } from '../registry.ts';
import { withoutSchemaRef } from '../schema-ref.ts';
import { scoringFileName, scoringFileOf } from './catalog.ts';

/**
 * A flag's alert level says whom to tell and how soon, not what is scored or flagged (ADR 166): it is left out of
 * the hash, so an author can set it on a published scoring version.
 */
function withoutAlertLevels(content: unknown): unknown {
  if (!isNode(content) || !Array.isArray(content.flags)) return content;
  return {
    ...content,
    flags: content.flags.map((flag) => {
      if (!isNode(flag)) return flag;
      const { alert: _alert, ...rest } = flag;
      return rest;
    }),
  };
}

/** The lock's place, relative to `schemas/`. */
export const SCORING_LOCK_FILE = 'questionnaires/scoring.lock.json';
const LOCK = `schemas/${SCORING_LOCK_FILE}`;

/** Questionnaire id -> `v<N>.scoring.v<S>` -> content hash. */
export type ScoringLock = Record<string, Record<string, string>>;

/** A content hash of a text (the command passes SHA-256; the engine itself stays free of Node). */
export type Hash = (text: string) => string;

/** JSON with object keys sorted and no spaces: re-indenting or reordering keys is not an edit, a changed value is. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isNode(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

interface ScoringFile {
  id: string;
  /** `v<N>.scoring.v<S>`: the lock's key, the same for the older single file of that scoring version. */
  key: string;
  file: string;
  next: string;
  hash: string;
}

/** Every scoring file that names its scoring version, with the file a new version of it would be. */
function scoringFilesOf(files: SchemaFiles, hash: Hash): ScoringFile[] {
  const found = Object.entries(files).flatMap(([key, content]) => {
    const at = scoringFileOf(key, content);
    return at?.scoringVersion === undefined
      ? []
      : [{ ...at, scoringVersion: at.scoringVersion, key, content }];
  });
  const newest = new Map<string, number>();
  for (const f of found) {
    const form = `${f.id}/v${f.version}`;
    newest.set(form, Math.max(newest.get(form) ?? 0, f.scoringVersion));
  }
  return found.map((f) => ({
    id: f.id,
    key: scoringFileName(f.version, f.scoringVersion).replace(/\.json$/, ''),
    file: `schemas/questionnaires/${f.id}/${f.key.split('/').at(-1)}`,
    next: scoringFileName(f.version, (newest.get(`${f.id}/v${f.version}`) ?? 0) + 1),
    // naming the editor's schema (ADR 123) is not an edit of the scoring
    hash: hash(canonicalJson(withoutAlertLevels(withoutSchemaRef(f.content)))),
  }));
}

/** The lock as read, or the problem with it; an absent lock (undefined) is an empty one. */
function lockOf(lock: unknown): { lock: ScoringLock; problems: Problem[] } {
  if (lock === undefined) return { lock: {}, problems: [] };
  const sound =
    isNode(lock) &&
    Object.values(lock).every(
      (entries) => isNode(entries) && Object.values(entries).every((h) => typeof h === 'string'),
    );
  if (sound) return { lock: lock as ScoringLock, problems: [] };
  return {
    lock: {},
    problems: [
      {
        file: LOCK,
        path: '$',
        message:
          'must map each questionnaire id to { "v<N>.scoring.v<S>": hash }; restore it from git (ADR 109)',
      },
    ],
  };
}

const PUBLISH = 'npm run check:forms -- --publish';

/**
 * What check:forms says of the lock: a published scoring version edited or removed, and (unless publishing) a
 * scoring version not published yet.
 */
export function checkScoringLock(
  files: SchemaFiles,
  lock: unknown,
  hash: Hash,
  publishing = false,
): Problem[] {
  const read = lockOf(lock);
  const problems = [...read.problems];
  const seen = new Set<string>();
  for (const scoring of scoringFilesOf(files, hash)) {
    const locked = read.lock[scoring.id]?.[scoring.key];
    seen.add(`${scoring.id}/${scoring.key}`);
    if (locked === undefined) {
      if (!publishing)
        problems.push({
          file: scoring.file,
          path: '$',
          message: `scoring version not published yet: run \`${PUBLISH}\` to record it in ${LOCK} (ADR 109)`,
        });
    } else if (locked !== scoring.hash)
      problems.push({
        file: scoring.file,
        path: '$',
        message: `this scoring version is published and must not change: undo the edit and put it in a new scoring version, ${scoring.next}, then publish it (ADR 109)`,
      });
  }
  for (const [id, entries] of Object.entries(read.lock))
    for (const key of Object.keys(entries))
      if (!seen.has(`${id}/${key}`))
        problems.push({
          file: `schemas/questionnaires/${id}/${key}.json`,
          path: '$',
          message: `a published scoring version is missing: responses may be pinned to it; restore it from git and put any change in a new scoring version (ADR 109)`,
        });
  return problems;
}

/**
 * `--publish`: the lock with the hashes of scoring versions not in it yet. Every entry already there stays as it
 * is; when one no longer matches its file, nothing is published and the problems say why.
 */
export function publishScoringLock(
  files: SchemaFiles,
  lock: unknown,
  hash: Hash,
): { lock: ScoringLock; added: string[]; problems: Problem[] } {
  const problems = checkScoringLock(files, lock, hash, true);
  const read = lockOf(lock);
  if (problems.length > 0) return { lock: read.lock, added: [], problems };
  const next: ScoringLock = structuredClone(read.lock);
  const added: string[] = [];
  for (const scoring of scoringFilesOf(files, hash)) {
    const entries = next[scoring.id] ?? {};
    next[scoring.id] = entries;
    if (entries[scoring.key] !== undefined) continue;
    entries[scoring.key] = scoring.hash;
    added.push(scoring.file);
  }
  const sorted = (record: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(record).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })),
    );
  return {
    lock: Object.fromEntries(
      Object.entries(next)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([id, entries]) => [id, sorted(entries)]),
    ),
    added: added.sort(),
    problems: [],
  };
}
