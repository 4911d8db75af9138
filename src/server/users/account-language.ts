import type { Kysely } from 'kysely';
import type { Lang } from '../../forms/types';
import type { Database } from '../db/schema';
import type { UserRow } from './user-view';

/** Keeps the interface language on the account (ADR 064): every browser opens in it, mails are written in it. */
export function saveAccountLanguage(db: Kysely<Database>, userId: string, language: Lang): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ language })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
