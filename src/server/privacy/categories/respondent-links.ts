import { createLinkStore } from '../../links/link-store';
import type { DataCategory } from '../data-category';
import { iso } from '../data-category';

/**
 * Respondent links: who was asked to answer which response, the label and address they were given, and what became
 * of the link. Never the token or the code (only their hashes are held, and those stay out too).
 */
export const respondentLinksCategory: DataCategory = {
  name: 'respondent-links',
  async export({ db, keys }, practitionerId) {
    const links = (await createLinkStore(db, keys.encryption).everything(practitionerId)).map((l) => ({
      id: l.id,
      clientId: l.intakeId,
      responseId: l.responseId,
      questionnaire: l.questionnaireId,
      respondent: l.respondent,
      language: l.language,
      label: l.label,
      email: l.email,
      withCode: l.hasCode,
      createdAt: iso(l.createdAt),
      sentAt: iso(l.sentAt) || null,
      openedAt: iso(l.openedAt) || null,
      expiresAt: iso(l.expiresAt),
      revokedAt: iso(l.revokedAt) || null,
      lockedAt: iso(l.lockedAt) || null,
    }));
    return {
      data: links,
      table: {
        columns: ['clientId', 'questionnaire', 'respondent', 'createdAt', 'status'],
        rows: links.map((l) => [
          l.clientId,
          l.questionnaire,
          l.respondent,
          l.createdAt,
          l.revokedAt ? 'revoked' : l.lockedAt ? 'locked' : l.openedAt ? 'opened' : 'created',
        ]),
      },
    };
  },
  async purgeAccount(tx, practitionerId) {
    const result = await tx
      .deleteFrom('respondent_links')
      .where('practitioner_id', '=', practitionerId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
