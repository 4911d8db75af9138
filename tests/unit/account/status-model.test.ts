import { describe, expect, it } from 'vitest';
import {
  describeStatus,
  foldStatus,
  registrationProgress,
  titleCase,
} from '../../../src/client/features/account-status';
import { i18n } from '../../../src/client/i18n';

function text(value: string | null | undefined, lang: 'en' | 'tr') {
  const t = i18n.getFixedT(lang, 'account');
  const d = describeStatus(value, lang);
  return {
    label: d.labelKey ? t(d.labelKey) : d.fallbackLabel,
    message: d.messageKey ? t(d.messageKey) : undefined,
    needsCompletion: d.needsCompletion,
    nextStep: d.nextStep,
  };
}

describe('account status model (spec section 4)', () => {
  // status | en label | en message | tr label | tr message | needs completion
  const table: Array<[string, string, string, string, string, boolean]> = [
    [
      'pending_verification',
      'Pending Verification',
      'Complete your professional information',
      'Doğrulama Bekleniyor',
      'Mesleki bilgilerinizi tamamlayın',
      true,
    ],
    [
      'email_verified',
      'Email Verified',
      'Complete your professional information',
      'E-posta Doğrulandı',
      'Mesleki bilgilerinizi tamamlayın',
      true,
    ],
    [
      'profile_completed',
      'Profile Complete',
      'Your profile is complete',
      'Profil Tamamlandı',
      'Profiliniz tamamlandı',
      false,
    ],
    ['approved', 'Approved', 'Your account is approved', 'Onaylandı', 'Hesabınız onaylandı', false],
    [
      'under_review',
      'Under Review',
      'Your credentials are being reviewed',
      'İnceleniyor',
      'Belgeleriniz inceleniyor',
      false,
    ],
    [
      'rejected',
      'Rejected',
      'Please contact support',
      'Reddedildi',
      'Lütfen destek ekibiyle iletişime geçin',
      false,
    ],
    [
      'suspended',
      'Suspended',
      'Account temporarily suspended',
      'Askıya Alındı',
      'Hesabınız geçici olarak askıya alındı',
      false,
    ],
  ];

  it.each(table)(
    '%s shows "%s" / "%s" in English and its Turkish texts',
    (status, enLabel, enMessage, trLabel, trMessage, needs) => {
      expect(text(status, 'en')).toEqual({
        label: enLabel,
        message: enMessage,
        needsCompletion: needs,
        nextStep: needs ? '/signup/step2' : undefined,
      });
      expect(text(status, 'tr')).toMatchObject({
        label: trLabel,
        message: trMessage,
        needsCompletion: needs,
      });
    },
  );

  it.each([
    ['PENDING_VERIFICATION', 'pending_verification'],
    ['Pending Verification', 'pending_verification'],
    ['  email verified ', 'email_verified'],
    ['EMAİL_VERİFİED', 'email_verified'],
    ['APPROVED', 'approved'],
    ['Under  Review', 'under_review'],
    ['Şüpheli Çöğ', 'supheli_cog'],
  ])(
    'folds %j to %j (Turkish-aware lower case, ç ğ ı ö ş ü folded, spaces to underscores)',
    (raw, folded) => {
      expect(foldStatus(raw)).toBe(folded);
    },
  );

  it('recognises an upper-case value whose I becomes a dotless ı under Turkish lower-casing', () => {
    // 'I'.toLocaleLowerCase('tr') is 'ı'; folding makes it 'i' again
    expect(text('PENDING VERIFICATION', 'en').label).toBe('Pending Verification');
    expect(text('SUSPENDED', 'tr').label).toBe('Askıya Alındı');
  });

  it.each([
    ['on_hold', 'en', 'On Hold'],
    ['awaiting documents', 'en', 'Awaiting Documents'],
    ['inceleme_bekliyor', 'tr', 'İnceleme Bekliyor'],
  ] as const)('shows the unknown value %j title-cased in %s as %j, with no message', (raw, lang, label) => {
    expect(text(raw, lang)).toEqual({
      label,
      message: undefined,
      needsCompletion: false,
      nextStep: undefined,
    });
  });

  it.each([[undefined], [null], ['']])(
    'a missing value (%j) says "Status information unavailable"',
    (raw) => {
      expect(text(raw, 'en').message).toBe('Status information unavailable');
      expect(text(raw, 'tr').message).toBe('Durum bilgisi alınamadı');
      expect(describeStatus(raw).needsCompletion).toBe(false);
    },
  );

  it('title-cases in the reader language', () => {
    expect(titleCase('istanbul', 'tr')).toBe('İstanbul');
    expect(titleCase('istanbul', 'en')).toBe('Istanbul');
  });
});

describe('registration progress', () => {
  it.each([
    [null, [false, false, false], '/signup/step1'],
    [{ accountStatus: 'pending_verification' }, [true, false, false], '/signup/step2'],
    [{ accountStatus: 'email_verified' }, [true, false, false], '/signup/step2'],
    [{ accountStatus: 'profile_completed' }, [true, true, true], undefined],
    [{ accountStatus: 'APPROVED' }, [true, true, true], undefined],
    [{ accountStatus: 'suspended' }, [true, false, false], '/signup/step2'],
  ])('for %j the steps are %j and the next step is %j', (user, done, next) => {
    const progress = registrationProgress(user);
    expect(progress.steps.map((s) => s.completed)).toEqual(done);
    expect(progress.nextStep).toBe(next);
    expect(progress.isComplete).toBe(next === undefined);
  });

  it('counts step 3 done with step 2 (it is optional) but says it was skipped while nothing of it was sent', () => {
    const skipped = (user: Parameters<typeof registrationProgress>[0]) =>
      registrationProgress(user).steps.map((s) => s.skipped);
    expect(skipped({ accountStatus: 'profile_completed' })).toEqual([false, false, true]);
    expect(
      skipped({ accountStatus: 'approved', specializations: [], workAreas: [], biography: null }),
    ).toEqual([false, false, true]);
    expect(skipped({ accountStatus: 'profile_completed', biography: 'Çocuk ve ergen' })).toEqual([
      false,
      false,
      false,
    ]);
    expect(skipped({ accountStatus: 'approved', workAreas: ['Depresyon'] })).toEqual([false, false, false]);
    // not yet reached: to do, not skipped
    expect(skipped({ accountStatus: 'email_verified' })).toEqual([false, false, false]);
  });
});
