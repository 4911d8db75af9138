import type { Kysely } from 'kysely';
import type { DataKeys } from '../crypto/encryption';
import type { Database } from '../db/schema';

/** What a category can read with: the database and the keys to open what it stored encrypted. */
export interface CategoryContext {
  db: Kysely<Database>;
  keys: DataKeys;
}

/**
 * How the archive's readable summary says things in the practitioner's language (the JSON keeps plain values):
 * times in Istanbul time as its header says, the product's words instead of codes, clients by name.
 */
export interface Say {
  /** `26 Kasım 2026 14:05`; '' when there is no time. */
  time(at: Date | string | null | undefined): string;
  /** A word of the product: a key in a locale namespace (`questionnaires`, `links.states.submitted`). */
  word(ns: string, key: string): string;
  /** A client's name as the intake record holds it (deleted records included); '' for none. */
  client(id: string | null | undefined): string;
}

/** What a category exports with: the database, the keys, and the summary's way of saying things. */
export interface ExportContext extends CategoryContext {
  say: Say;
}

/** A category's part of the account archive. */
export interface CategoryExport {
  /** Written as `data/<category>.json`; plain values, never ciphertext, hashes or keys. */
  data: unknown;
  /** Files as they were uploaded, written under `files/`. */
  files?: Array<{ path: string; data: Uint8Array }>;
  /** The readable summary: column keys (`privacy:archive.columns.<key>`) and one row of cell texts per item. */
  table: { columns: string[]; rows: string[][] };
}

/** When things are due: records untouched for the retention period, deletions past the grace period. */
export interface PurgeClock {
  now: Date;
  /** now minus the retention period (RETENTION_YEARS). */
  retentionCutoff: Date;
  /** now minus the grace period (DELETION_GRACE_DAYS). */
  graceCutoff: Date;
  /** now minus the days a finished mail keeps its recipient and subject (MAIL_RETENTION_DAYS). */
  mailCutoff: Date;
}

/** How many rows a purge removed, and by which rule; what the destruction log keeps. */
export interface Purged {
  rule: string;
  count: number;
}

/**
 * One kind of data the product holds about a practitioner and their clients (ADR 091). The export and the
 * purges go through the registry of these, so a new kind of data (questionnaire responses) is one new entry.
 */
export interface DataCategory {
  /** kebab-case; the file name in the archive and the category in the destruction log. */
  name: string;
  export(ctx: ExportContext, practitionerId: string): Promise<CategoryExport>;
  /** Removes every row of the account in this category (an account deletion past its grace period). */
  purgeAccount(tx: Kysely<Database>, practitionerId: string): Promise<number>;
  /** Removes rows past their grace or retention period, whoever they belong to. */
  purgeExpired?(tx: Kysely<Database>, clock: PurgeClock): Promise<Purged[]>;
}

export const iso = (value: Date | null | undefined) => (value ? value.toISOString() : '');
