import { KVKK_CONSENT_VERSION } from '../../accounts/signup-service';
import type { DataCategory } from '../data-category';
import { iso } from '../data-category';

/** Which texts the practitioner accepted, in which version, and when; purged with the account row. */
export const consentsCategory: DataCategory = {
  name: 'consents',
  async export({ db, say }, practitionerId) {
    const user = await db
      .selectFrom('users')
      .select(['terms_accepted_at', 'privacy_accepted_at', 'kvkk_consent_at', 'kvkk_consent_version'])
      .where('id', '=', practitionerId)
      .executeTakeFirstOrThrow();
    const consents = [
      { text: 'terms', version: null, acceptedAt: iso(user.terms_accepted_at) },
      { text: 'privacy', version: null, acceptedAt: iso(user.privacy_accepted_at) },
      ...(user.kvkk_consent_at
        ? [
            {
              text: 'kvkk',
              version: user.kvkk_consent_version ?? KVKK_CONSENT_VERSION,
              acceptedAt: iso(user.kvkk_consent_at),
            },
          ]
        : []),
    ];
    return {
      data: consents,
      table: {
        columns: ['text', 'version', 'acceptedAt'],
        rows: consents.map((c) => [
          say.word('privacy', `archive.values.consent.${c.text}`),
          c.version ?? '',
          say.time(c.acceptedAt),
        ]),
      },
    };
  },
  // the dates live on the account row, which the account category removes after this one counted them
  async purgeAccount(tx, practitionerId) {
    const user = await tx
      .selectFrom('users')
      .select(['kvkk_consent_at'])
      .where('id', '=', practitionerId)
      .executeTakeFirst();
    if (!user) return 0;
    return user.kvkk_consent_at ? 3 : 2;
  },
};
