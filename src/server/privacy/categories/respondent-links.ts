import { linkState } from '../../links/link-state';
import { createLinkStore } from '../../links/link-store';
import type { DataCategory } from '../data-category';
import { iso } from '../data-category';

/**
 * Respondent links: who was asked to answer which response, the label and address they were given, and what became
 * of the link. Never the token or the code (only their hashes are held, and those stay out too).
 */
export const respondentLinksCategory: DataCategory = {
  name: 'respondent-links',
  async export({ db, keys, say }, practitionerId) {
    const now = new Date();
    const records = await createLinkStore(db, keys.encryption).everything(practitionerId);
    const links = records.map((l) => ({
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
        // the state the practitioner's list shows: a submitted link says submitted, not opened
        rows: records.map((l) => [
          say.client(l.intakeId),
          say.word(`questionnaires/${l.questionnaireId}`, '_form.title'),
          say.word('questionnaires', `respondents.${l.respondent}`),
          say.time(l.createdAt),
          say.word('questionnaires', `links.states.${linkState(l, now)}`),
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
