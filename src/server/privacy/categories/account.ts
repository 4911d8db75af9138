import { decryptJson } from '../../crypto/encryption';
import type { DataCategory } from '../data-category';
import { iso } from '../data-category';

/** Account and profile: what the practitioner gave at sign-up and since; the users row goes last in a purge. */
export const accountCategory: DataCategory = {
  name: 'account',
  async export({ db, keys, say }, practitionerId) {
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', practitionerId)
      .executeTakeFirstOrThrow();
    const nationalId = user.national_id_encrypted
      ? decryptJson<string>(keys.encryption, user.national_id_encrypted, `national-id:${user.id}`)
      : null;
    const events = await db
      .selectFrom('account_events')
      .select(['action', 'from_status', 'to_status', 'actor', 'created_at'])
      .where('user_id', '=', practitionerId)
      .orderBy('id')
      .execute();
    const data = {
      firstName: user.first_name,
      lastName: user.last_name,
      email: user.email,
      language: user.language,
      status: user.status,
      emailVerifiedAt: iso(user.email_verified_at) || null,
      nationalId,
      university: user.university,
      department: user.department,
      graduationYear: user.graduation_year,
      professionalTitle: user.professional_title,
      chamberRegistrationNumber: user.chamber_registration_number,
      specializations: user.specializations,
      workAreas: user.work_areas,
      biography: user.biography,
      credentialsSubmittedAt: iso(user.credentials_submitted_at) || null,
      createdAt: iso(user.created_at),
      deletionRequestedAt: iso(user.deletion_requested_at) || null,
      history: events.map((e) => ({
        action: e.action,
        from: e.from_status,
        to: e.to_status,
        by: e.actor,
        at: iso(e.created_at),
      })),
    };
    return {
      data,
      table: {
        columns: ['name', 'title', 'email', 'status', 'createdAt'],
        rows: [
          [
            `${user.first_name} ${user.last_name}`,
            user.professional_title
              ? say.word('account', `professionalTitles.${user.professional_title}`)
              : '',
            user.email,
            say.word('account', `status.${user.status}.label`),
            say.time(user.created_at),
          ],
        ],
      },
    };
  },
  async purgeAccount(tx, practitionerId) {
    // sessions, one-time tokens and account events go with the row (on delete cascade)
    const result = await tx.deleteFrom('users').where('id', '=', practitionerId).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
