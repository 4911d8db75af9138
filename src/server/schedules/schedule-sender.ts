import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { AuditService } from '../audit/audit-service';
import type { Database } from '../db/schema';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { LinkService } from '../links/link-service';
import { localDate } from '../local-time';
import { withLease } from '../privacy/job-lease';
import type { ScheduleRecord, ScheduleStore } from './schedule-store';

/** How long one run may hold the lease, and after how long a claim left by a dead run is taken over. */
export const SENDER_LEASE_SECONDS = 5 * 60;

/** The audit trail's actor for what the sender does on the practitioner's behalf. */
export const SENDER_ACTOR = { kind: 'operator', command: 'schedule-sender' } as const;

export interface SenderCounts {
  sent: number;
  reminded: number;
  /** Older occurrences that came due together with a later one (after a pause or downtime). */
  skipped: number;
  answered: number;
  overdue: number;
  failed: number;
}

export type SenderOutcome = { ran: true; counts: SenderCounts } | { ran: false };

export interface ScheduleSenderDeps {
  db: Kysely<Database>;
  store: ScheduleStore;
  links: LinkService;
  audit: AuditService;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** Only active schedules of clients still shown and accounts not being deleted send anything. */
const SENDING = sql<boolean>`s.state = 'active' and i.deleted_at is null and u.deletion_requested_at is null`;

/**
 * The sender (ADR 128): one instance at a time (a lease, as the purge), each run marks answered and overdue
 * occurrences, sends the latest due occurrence of each active schedule (the older ones due with it are cancelled),
 * reminds once, and marks schedules with nothing left to send finished. Each occurrence is claimed in the database
 * before its link is made, and the link's id is chosen in that claim: a run that dies half-way (or a mail server
 * that is away) leaves a claim the next run takes over after SENDER_LEASE_SECONDS; it finds the link if it was
 * made and mails it again, and never makes a second one.
 */
export function createScheduleSender(deps: ScheduleSenderDeps) {
  const { db, store, links, now, log } = deps;

  /** Answered when the link's response was submitted; overdue when the link expired unanswered. */
  async function syncStates(at: Date, counts: SenderCounts) {
    const answered = await sql`
      update schedule_occurrences o set state = 'answered', answered_at = r.submitted_at
      from respondent_links l join questionnaire_responses r on r.id = l.response_id
      where l.id = o.link_id and o.state = 'sent' and r.status = 'submitted'`.execute(db);
    counts.answered += Number(answered.numAffectedRows ?? 0);
    const overdue = await sql`
      update schedule_occurrences o set state = 'overdue'
      from respondent_links l join questionnaire_responses r on r.id = l.response_id
      where l.id = o.link_id and o.state = 'sent' and r.status <> 'submitted' and l.expires_at <= ${at}`.execute(
      db,
    );
    counts.overdue += Number(overdue.numAffectedRows ?? 0);
  }

  async function schedulesById(ids: string[]): Promise<Map<string, ScheduleRecord>> {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('measurement_schedules').selectAll().where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, store.recordOf(row)]));
  }

  /** The audit entry of a link the sender made: the response given to the client. */
  const recordLink = (schedule: ScheduleRecord, responseId: string) =>
    deps.audit.record({
      actor: SENDER_ACTOR,
      practitionerId: schedule.practitionerId,
      action: 'create',
      clientId: schedule.intakeId,
      recordType: 'questionnaire-response',
      recordId: responseId,
      address: null,
    });

  async function linkRecorded(responseId: string) {
    const row = await db
      .selectFrom('audit_entries')
      .select('id')
      .where('record_id', '=', responseId)
      .where('actor_id', '=', SENDER_ACTOR.command)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Claims, makes (or finds) the link, mails it and marks the occurrence sent; false when another run has it. */
  async function sendOne(occurrenceId: string, schedule: ScheduleRecord, at: Date): Promise<boolean> {
    const staleBefore = new Date(at.getTime() - SENDER_LEASE_SECONDS * 1000);
    const claim = await db
      .updateTable('schedule_occurrences')
      .set({ claimed_at: at, link_id: sql`coalesce(link_id, ${randomUUID()}::uuid)` })
      .where('id', '=', occurrenceId)
      .where('state', '=', 'due')
      .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<=', staleBefore)]))
      .returning('link_id')
      .executeTakeFirst();
    const linkId = claim?.link_id;
    if (!linkId) return false;
    const existing = await db
      .selectFrom('respondent_links')
      .select(['response_id'])
      .where('id', '=', linkId)
      .executeTakeFirst();
    let responseId = existing?.response_id;
    if (!existing) {
      // the age rule was settled when the schedule was made (with the practitioner's override if needed)
      const { issued } = await links.create(
        schedule.practitionerId,
        schedule.intakeId,
        {
          questionnaireId: schedule.questionnaireId,
          respondent: schedule.respondent,
          language: schedule.language,
          email: schedule.email,
          ageOverride: true,
        },
        { id: linkId, code: schedule.code },
      );
      responseId = issued.link.responseId;
      await recordLink(schedule, responseId);
    } else {
      // the link was made but the run failed before marking it sent, perhaps before its mail left: mail it again
      // (a fresh token; an earlier one says it was replaced). Twice rather than never; never a second link.
      await links.send(schedule.practitionerId, linkId, schedule.email);
      if (responseId && !(await linkRecorded(responseId))) await recordLink(schedule, responseId);
    }
    await db
      .updateTable('schedule_occurrences')
      .set({ state: 'sent', sent_at: at, response_id: responseId ?? null })
      .where('id', '=', occurrenceId)
      .where('state', '=', 'due')
      .execute();
    return true;
  }

  async function sendDue(at: Date, counts: SenderCounts) {
    const due = await db
      .selectFrom('schedule_occurrences as o')
      .innerJoin('measurement_schedules as s', 's.id', 'o.schedule_id')
      .innerJoin('client_intakes as i', 'i.id', 's.intake_id')
      .innerJoin('users as u', 'u.id', 's.practitioner_id')
      .select(['o.id', 'o.schedule_id', 'o.due_on', 'o.claimed_at'])
      .where(SENDING)
      .where('o.state', '=', 'due')
      .where('o.due_on', '<=', localDate(at))
      .orderBy('o.schedule_id')
      .orderBy('o.due_on')
      .execute();
    const bySchedule = new Map<string, typeof due>();
    for (const o of due) bySchedule.set(o.schedule_id, [...(bySchedule.get(o.schedule_id) ?? []), o]);
    const schedules = await schedulesById([...bySchedule.keys()]);
    for (const [scheduleId, occurrences] of bySchedule) {
      const latest = occurrences.at(-1)!;
      // a link sent late for an old day tells the practitioner nothing new: only the latest goes out;
      // an older one already claimed may have its link, so it is finished rather than dropped
      const older = occurrences.slice(0, -1);
      const skipped = older.filter((o) => o.claimed_at === null).map((o) => o.id);
      if (skipped.length > 0) {
        const result = await db
          .updateTable('schedule_occurrences')
          .set({ state: 'cancelled', cancelled_at: at })
          .where('id', 'in', skipped)
          .where('state', '=', 'due')
          .where('claimed_at', 'is', null)
          .executeTakeFirst();
        counts.skipped += Number(result.numUpdatedRows);
      }
      for (const o of [...older.filter((o) => o.claimed_at !== null), latest]) {
        try {
          if (await sendOne(o.id, schedules.get(scheduleId)!, at)) counts.sent++;
        } catch (error) {
          if (isDatabaseUnavailable(error)) throw error;
          counts.failed++;
          // never the address or the client: the occurrence's id and the error's code
          log.warn(
            { occurrenceId: o.id, error: (error as { code?: string }).code ?? (error as Error).name },
            'a scheduled link could not be sent; the next run tries again',
          );
        }
      }
    }
  }

  async function remind(at: Date, counts: SenderCounts) {
    const rows = await db
      .selectFrom('schedule_occurrences as o')
      .innerJoin('measurement_schedules as s', 's.id', 'o.schedule_id')
      .innerJoin('client_intakes as i', 'i.id', 's.intake_id')
      .innerJoin('users as u', 'u.id', 's.practitioner_id')
      .innerJoin('respondent_links as l', 'l.id', 'o.link_id')
      .innerJoin('questionnaire_responses as r', 'r.id', 'l.response_id')
      .select(['o.id', 'o.link_id', 'o.schedule_id'])
      // a finished schedule's last link still gets its reminder; a paused or stopped one sends nothing
      .where(sql<boolean>`s.state in ('active', 'finished')`)
      .where('i.deleted_at', 'is', null)
      .where('u.deletion_requested_at', 'is', null)
      .where('o.state', '=', 'sent')
      .where('o.reminded_at', 'is', null)
      .where('s.remind_after_days', 'is not', null)
      .where(sql<boolean>`o.sent_at + make_interval(days => s.remind_after_days) <= ${at}`)
      .where('r.status', '<>', 'submitted')
      .where('l.revoked_at', 'is', null)
      .where('l.locked_at', 'is', null)
      .where('l.expires_at', '>', at)
      .execute();
    const schedules = await schedulesById([...new Set(rows.map((r) => r.schedule_id))]);
    for (const row of rows) {
      // claimed first: a reminder goes out at most once, even when a run dies after claiming it
      const claimed = await db
        .updateTable('schedule_occurrences')
        .set({ reminded_at: at })
        .where('id', '=', row.id)
        .where('reminded_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) continue;
      const schedule = schedules.get(row.schedule_id)!;
      try {
        if (await links.remind(schedule.practitionerId, row.link_id!, schedule.email)) counts.reminded++;
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw error;
        counts.failed++;
        log.warn(
          { occurrenceId: row.id, error: (error as { code?: string }).code ?? (error as Error).name },
          'a schedule reminder could not be sent',
        );
      }
    }
  }

  /** A schedule with nothing left to send is finished. */
  async function finish(at: Date) {
    await sql`
      update measurement_schedules set state = 'finished', changed_at = ${at}
      where state = 'active' and not exists (
        select 1 from schedule_occurrences o where o.schedule_id = measurement_schedules.id and o.state = 'due')`.execute(
      db,
    );
  }

  return {
    /** One run; `{ ran: false }` when another instance holds the lease. Throws when the database is away. */
    async run(): Promise<SenderOutcome> {
      const outcome = await withLease(db, 'schedule-sender', SENDER_LEASE_SECONDS, async () => {
        const at = now();
        const counts: SenderCounts = { sent: 0, reminded: 0, skipped: 0, answered: 0, overdue: 0, failed: 0 };
        await syncStates(at, counts);
        await sendDue(at, counts);
        await remind(at, counts);
        await finish(at);
        return counts;
      });
      return outcome.ran ? { ran: true, counts: outcome.result } : { ran: false };
    },
  };
}

export type ScheduleSender = ReturnType<typeof createScheduleSender>;
