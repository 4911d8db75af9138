import { describe, expect, it } from 'vitest';
import {
  bumpDigit,
  chars,
  currentYear,
  engine,
  nationalId,
  passwordRuleCases,
  type RuleCase,
  ruleTable,
  STRONG_PASSWORDS,
  validate,
} from './helpers';

// ---------------- step 1 ----------------
const STEP1 = 'signup/personal-information';
const step1 = {
  firstName: 'Çağrı',
  lastName: 'Yılmaz',
  email: 'cagri@example.com',
  password: 'Abcdef1!',
  confirmPassword: 'Abcdef1!',
  acceptTerms: true,
  acceptPrivacyPolicy: true,
};

const nameCases = (field: string, label: string, tr: string): RuleCase[] => [
  {
    name: `${field}: 1 character`,
    patch: { [field]: 'A' },
    path: field,
    rule: 'minLength',
    en: `${label} must be at least 2 characters`,
    tr: `${tr} en az 2 karakter olmalıdır`,
  },
  {
    name: `${field}: empty`,
    patch: { [field]: '' },
    path: field,
    rule: 'minLength',
    en: `${label} must be at least 2 characters`,
  },
  {
    name: `${field}: missing`,
    patch: { [field]: undefined },
    path: field,
    rule: 'required',
    en: `${label} is required`,
  },
  {
    name: `${field}: 51 characters`,
    patch: { [field]: chars(51) },
    path: field,
    rule: 'maxLength',
    en: `${label} must be less than 50 characters`,
    tr: `${tr} en fazla 50 karakter olabilir`,
  },
  {
    name: `${field}: digits`,
    patch: { [field]: 'Ali2' },
    path: field,
    rule: 'format.person-name',
    en: `${label} can only contain letters`,
    tr: `${tr} yalnızca harf içerebilir`,
  },
  {
    name: `${field}: punctuation`,
    patch: { [field]: 'Ali.' },
    path: field,
    rule: 'format.person-name',
    en: `${label} can only contain letters`,
  },
  {
    name: `${field}: hyphen`,
    patch: { [field]: 'Ayşe-Nur' },
    path: field,
    rule: 'format.person-name',
    en: `${label} can only contain letters`,
  },
  {
    name: `${field}: apostrophe`,
    patch: { [field]: "O'Neil" },
    path: field,
    rule: 'format.person-name',
    en: `${label} can only contain letters`,
  },
  {
    name: `${field}: not a string`,
    patch: { [field]: 42 },
    path: field,
    rule: 'type',
    en: `${label} has an invalid value`,
  },
];

describe('sign-up step 1, personal information', () => {
  ruleTable(
    STEP1,
    step1,
    [
      ...nameCases('firstName', 'First name', 'Ad'),
      ...nameCases('lastName', 'Last name', 'Soyad'),
      {
        name: 'email: no @',
        patch: { email: 'cagri.example.com' },
        path: 'email',
        rule: 'format.email',
        en: 'Please enter a valid email address',
        tr: 'Lütfen geçerli bir e-posta adresi girin',
      },
      {
        name: 'email: no domain',
        patch: { email: 'cagri@' },
        path: 'email',
        rule: 'format.email',
        en: 'Please enter a valid email address',
      },
      {
        name: 'email: empty',
        patch: { email: '' },
        path: 'email',
        rule: 'format.email',
        en: 'Please enter a valid email address',
      },
      {
        name: 'email: missing',
        patch: { email: undefined },
        path: 'email',
        rule: 'required',
        en: 'Email is required',
      },
      ...passwordRuleCases('password', 'confirmPassword'),
      {
        name: 'password: missing',
        patch: { password: undefined },
        path: 'password',
        rule: 'required',
        en: 'Password is required',
      },
      {
        name: 'confirmPassword: differs',
        patch: { confirmPassword: 'Abcdef1?' },
        path: 'confirmPassword',
        rule: 'match',
        en: 'Passwords do not match',
        tr: 'Şifreler eşleşmiyor',
      },
      {
        name: 'confirmPassword: differs only in case',
        patch: { confirmPassword: 'abcdef1!' },
        path: 'confirmPassword',
        rule: 'match',
        en: 'Passwords do not match',
      },
      {
        name: 'confirmPassword: empty',
        patch: { confirmPassword: '' },
        path: 'confirmPassword',
        rule: 'match',
        en: 'Passwords do not match',
      },
      {
        name: 'confirmPassword: missing',
        patch: { confirmPassword: undefined },
        path: 'confirmPassword',
        rule: 'required',
        en: 'Please confirm your password',
      },
      {
        name: 'acceptTerms: false',
        patch: { acceptTerms: false },
        path: 'acceptTerms',
        rule: 'const',
        en: 'You must accept the terms and conditions',
        tr: 'Kullanım koşullarını kabul etmelisiniz',
      },
      {
        name: 'acceptTerms: missing',
        patch: { acceptTerms: undefined },
        path: 'acceptTerms',
        rule: 'required',
        en: 'You must accept the terms and conditions',
      },
      {
        name: 'acceptTerms: "true" as text',
        patch: { acceptTerms: 'true' },
        path: 'acceptTerms',
        rule: 'type',
        en: 'You must accept the terms and conditions',
      },
      {
        name: 'acceptPrivacyPolicy: false',
        patch: { acceptPrivacyPolicy: false },
        path: 'acceptPrivacyPolicy',
        rule: 'const',
        en: 'You must accept the privacy policy',
        tr: 'Gizlilik politikasını kabul etmelisiniz',
      },
      {
        name: 'acceptPrivacyPolicy: missing',
        patch: { acceptPrivacyPolicy: undefined },
        path: 'acceptPrivacyPolicy',
        rule: 'required',
        en: 'You must accept the privacy policy',
      },
    ],
    [
      { name: 'Turkish first name Çağrı', patch: { firstName: 'Çağrı' } },
      {
        name: 'two-word Turkish name İlknur Şahin',
        patch: { firstName: 'İlknur Şahin', lastName: 'Öztürk Güneş' },
      },
      { name: 'dotless and dotted i (Işıl, İsmail)', patch: { firstName: 'Işıl', lastName: 'İsmail' } },
      { name: 'circumflex letters (Âdem, Ümit)', patch: { firstName: 'Âdem', lastName: 'Ümit' } },
      { name: 'names of exactly 2 and 50 characters', patch: { firstName: 'Al', lastName: chars(50) } },
      { name: 'a plus-addressed e-mail', patch: { email: 'cagri+test@mail.example.com.tr' } },
      ...STRONG_PASSWORDS.map((p) => ({
        name: `password with ${p.at(-1)}`,
        patch: { password: p, confirmPassword: p },
      })),
      {
        name: 'a long passphrase',
        patch: { password: 'Uzun Bir Parola 2024!', confirmPassword: 'Uzun Bir Parola 2024!' },
      },
    ],
  );

  it('reports every broken rule of a form at once, one message per field', () => {
    const errors = validate(STEP1, {
      firstName: 'A',
      lastName: 'B1',
      email: 'x',
      password: 'abc',
      confirmPassword: 'abd',
      acceptTerms: false,
      acceptPrivacyPolicy: false,
    });
    expect(errors.map((e) => [e.path, e.rule])).toEqual(
      expect.arrayContaining([
        ['firstName', 'minLength'],
        ['lastName', 'format.person-name'],
        ['email', 'format.email'],
        ['password', 'minLength'],
        ['confirmPassword', 'match'],
        ['acceptTerms', 'const'],
        ['acceptPrivacyPolicy', 'const'],
      ]),
    );
    expect(errors).toHaveLength(7);
  });

  it('consent boxes start unticked', () => {
    const props = engine.registry.get(STEP1, 1).schema.properties as Record<string, { default?: unknown }>;
    expect(props.acceptTerms?.default).toBe(false);
    expect(props.acceptPrivacyPolicy?.default).toBe(false);
  });
});

// ---------------- step 2 ----------------
const STEP2 = 'signup/professional-credentials';
const ID = nationalId('100000001'); // 10000000146
const step2 = {
  university: 'Hacettepe Üniversitesi',
  department: 'Psikoloji',
  graduationYear: 2015,
  diploma: 'file_8f14e45fceea167a5a36dedd4bea2543',
  professionalTitle: 'Psikolog',
  chamberRegistrationNumber: 'PSK-2024-001',
  nationalId: ID,
  kvkkConsent: true,
};

describe('national ID helper', () => {
  it('builds the well-known valid example', () => {
    expect(ID).toBe('10000000146');
  });
});

describe('sign-up step 2, professional credentials', () => {
  const year = currentYear();
  const idCase = (name: string, value: string, rule: string, en: string, tr?: string): RuleCase => ({
    name: `nationalId: ${name}`,
    patch: { nationalId: value },
    path: 'nationalId',
    rule,
    en,
    tr,
  });
  ruleTable(
    STEP2,
    step2,
    [
      {
        name: 'university: 1 character',
        patch: { university: 'X' },
        path: 'university',
        rule: 'minLength',
        en: 'Please select a university',
        tr: 'Lütfen bir üniversite seçin',
      },
      {
        name: 'university: empty',
        patch: { university: '' },
        path: 'university',
        rule: 'minLength',
        en: 'Please select a university',
      },
      {
        name: 'university: missing',
        patch: { university: undefined },
        path: 'university',
        rule: 'required',
        en: 'Please select a university',
      },
      {
        name: 'department: not in the list',
        patch: { department: 'Sosyoloji' },
        path: 'department',
        rule: 'enum',
        en: 'Please select a valid department',
        tr: 'Lütfen geçerli bir bölüm seçin',
      },
      {
        name: 'department: lower-case value',
        patch: { department: 'psikoloji' },
        path: 'department',
        rule: 'enum',
        en: 'Please select a valid department',
      },
      {
        name: 'department: missing',
        patch: { department: undefined },
        path: 'department',
        rule: 'required',
        en: 'Please select a valid department',
      },
      {
        name: 'graduationYear: 1969',
        patch: { graduationYear: 1969 },
        path: 'graduationYear',
        rule: 'minimum',
        en: 'Graduation year must be after 1970',
        tr: 'Mezuniyet yılı 1970 veya sonrası olmalıdır',
      },
      {
        name: 'graduationYear: next year',
        patch: { graduationYear: year + 1 },
        path: 'graduationYear',
        rule: 'format.not-future-year',
        en: 'Graduation year cannot be in the future',
        tr: 'Mezuniyet yılı gelecekte olamaz',
      },
      {
        name: 'graduationYear: as text',
        patch: { graduationYear: '2015' },
        path: 'graduationYear',
        rule: 'type',
        en: 'Please select your graduation year',
      },
      {
        name: 'graduationYear: fraction',
        patch: { graduationYear: 2015.5 },
        path: 'graduationYear',
        rule: 'type',
        en: 'Please select your graduation year',
      },
      {
        name: 'graduationYear: missing',
        patch: { graduationYear: undefined },
        path: 'graduationYear',
        rule: 'required',
        en: 'Please select your graduation year',
      },
      {
        name: 'diploma: missing',
        patch: { diploma: undefined },
        path: 'diploma',
        rule: 'required',
        en: 'Please upload your diploma',
        tr: 'Lütfen diplomanızı yükleyin',
      },
      {
        name: 'diploma: empty id',
        patch: { diploma: '' },
        path: 'diploma',
        rule: 'minLength',
        en: 'Please upload your diploma',
      },
      {
        name: 'diploma: base64 blob instead of a file id',
        patch: { diploma: `data:application/pdf;base64,${chars(300, 'A')}` },
        path: 'diploma',
        rule: 'maxLength',
        en: 'Invalid file reference. Please upload your diploma again',
      },
      {
        name: 'professionalTitle: not in the list',
        patch: { professionalTitle: 'Psikiyatrist' },
        path: 'professionalTitle',
        rule: 'enum',
        en: 'Please select a professional title',
        tr: 'Lütfen bir unvan seçin',
      },
      {
        name: 'professionalTitle: missing',
        patch: { professionalTitle: undefined },
        path: 'professionalTitle',
        rule: 'required',
        en: 'Please select a professional title',
      },
      {
        name: 'chamberRegistrationNumber: space',
        patch: { chamberRegistrationNumber: 'PSK 2024' },
        path: 'chamberRegistrationNumber',
        rule: 'pattern',
        en: 'Invalid registration number format',
        tr: 'Geçersiz sicil numarası biçimi',
      },
      {
        name: 'chamberRegistrationNumber: slash',
        patch: { chamberRegistrationNumber: 'PSK/2024/001' },
        path: 'chamberRegistrationNumber',
        rule: 'pattern',
        en: 'Invalid registration number format',
      },
      {
        name: 'chamberRegistrationNumber: Turkish letter',
        patch: { chamberRegistrationNumber: 'PSİ-2024' },
        path: 'chamberRegistrationNumber',
        rule: 'pattern',
        en: 'Invalid registration number format',
      },
      // an empty field is missing, not too short
      idCase(
        'missing',
        undefined as unknown as string,
        'required',
        'Turkish ID number is required',
        'T.C. Kimlik Numarası zorunludur',
      ),
      idCase(
        '10 digits',
        ID.slice(0, 10),
        'minLength',
        'National ID must be exactly 11 digits',
        'T.C. Kimlik Numarası 11 haneden oluşmalıdır',
      ),
      idCase(
        '12 digits',
        `${ID}0`,
        'maxLength',
        'National ID must be exactly 11 digits',
        'T.C. Kimlik Numarası 11 haneden oluşmalıdır',
      ),
      idCase('empty', '', 'minLength', 'National ID must be exactly 11 digits'),
      idCase(
        'letters',
        '1000000014a',
        'pattern',
        'National ID must contain only digits',
        'T.C. Kimlik Numarası yalnızca rakamlardan oluşmalıdır',
      ),
      idCase('spaces', '100 000 001', 'pattern', 'National ID must contain only digits'),
      idCase(
        'first digit 0',
        nationalId('012345678'),
        'format.tr-national-id',
        'Please enter a valid Turkish National ID',
        'Lütfen geçerli bir T.C. Kimlik Numarası girin',
      ),
      idCase(
        'bad 10th digit',
        bumpDigit(nationalId('123456789'), 9),
        'format.tr-national-id',
        'Please enter a valid Turkish National ID',
      ),
      idCase(
        'bad 11th digit',
        bumpDigit(nationalId('123456789'), 10),
        'format.tr-national-id',
        'Please enter a valid Turkish National ID',
      ),
      idCase(
        'one digit changed in the body',
        bumpDigit(ID, 4),
        'format.tr-national-id',
        'Please enter a valid Turkish National ID',
      ),
      idCase(
        'all the same digit',
        '11111111111',
        'format.tr-national-id',
        'Please enter a valid Turkish National ID',
      ),
      idCase(
        'as a number',
        10000000146 as unknown as string,
        'type',
        'Turkish ID number has an invalid value',
      ),
      {
        name: 'kvkkConsent: false',
        patch: { kvkkConsent: false },
        path: 'kvkkConsent',
        rule: 'const',
        en: 'You must consent to KVKK terms',
        tr: 'KVKK koşullarını onaylamanız gerekmektedir',
      },
      {
        name: 'kvkkConsent: missing',
        patch: { kvkkConsent: undefined },
        path: 'kvkkConsent',
        rule: 'required',
        en: 'You must consent to KVKK terms',
      },
    ],
    [
      { name: 'graduation year 1970', patch: { graduationYear: 1970 } },
      { name: 'graduation year this year', patch: { graduationYear: year } },
      {
        name: 'department Psikolojik Danışmanlık ve Rehberlik',
        patch: { department: 'Psikolojik Danışmanlık ve Rehberlik' },
      },
      { name: 'title Uzman Klinik Psikolog', patch: { professionalTitle: 'Uzman Klinik Psikolog' } },
      { name: 'title Psikolojik Danışman', patch: { professionalTitle: 'Psikolojik Danışman' } },
      { name: 'no chamber registration number', patch: { chamberRegistrationNumber: undefined } },
      { name: 'an empty chamber registration number', patch: { chamberRegistrationNumber: '' } },
      {
        name: 'a university outside the list ("Other" institutions)',
        patch: { university: 'University of Vienna' },
      },
      { name: 'the "Other" choice', patch: { university: 'Other' } },
      ...['123456789', '987654321', '555555555', '312456780', '249087106'].map((n) => ({
        name: `computed valid national ID ${nationalId(n)}`,
        patch: { nationalId: nationalId(n) },
      })),
    ],
  );

  it('defaults: department Psikoloji, title Psikolog, consent unticked; the year default comes from the UI', () => {
    const form = engine.registry.get(STEP2, 1);
    const props = form.schema.properties as Record<string, { default?: unknown }>;
    expect(props.department?.default).toBe('Psikoloji');
    expect(props.professionalTitle?.default).toBe('Psikolog');
    expect(props.kvkkConsent?.default).toBe(false);
    expect(props.graduationYear?.default).toBeUndefined();
    expect(form.uiSchema.graduationYear).toMatchObject({ 'ui:options': { defaultYearOffset: -1 } });
  });

  it('diploma is an uploaded file id with the spec limits for the upload widget', () => {
    const ui = engine.registry.get(STEP2, 1).uiSchema;
    expect(ui.diploma).toEqual({
      'ui:widget': 'fileUpload',
      'ui:options': { accept: '.pdf,.jpg,.jpeg,.png', maxSize: 5242880, kind: 'document' },
    });
    expect(engine.t('en', STEP2, 'diploma.errors.fileSize')).toBe('File size must be less than 5MB');
    expect(engine.t('en', STEP2, 'diploma.errors.fileType')).toBe(
      'Invalid file type. Accepted: .pdf,.jpg,.jpeg,.png',
    );
  });

  it('lists about 200 Turkish universities in Turkish order, then Other', () => {
    const list = (
      engine.registry.get(STEP2, 1).uiSchema.university as { 'ui:options': { suggestions: string[] } }
    )['ui:options'].suggestions;
    expect(list.length).toBeGreaterThanOrEqual(195);
    expect(list.at(-1)).toBe('Other');
    const names = list.slice(0, -1);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'tr')));
    for (const n of [
      'Ankara Üniversitesi',
      'Boğaziçi Üniversitesi',
      'Hacettepe Üniversitesi',
      'İstanbul Üniversitesi',
      'Orta Doğu Teknik Üniversitesi',
      'Ege Üniversitesi',
      'Koç Üniversitesi',
    ]) {
      expect(names).toContain(n);
    }
    // Turkish collation: Ç after C, İ after I, Ş after S, Ü after U
    expect(names.indexOf('Çukurova Üniversitesi')).toBeGreaterThan(
      names.indexOf('Cumhuriyet Üniversitesi') >= 0
        ? names.indexOf('Cumhuriyet Üniversitesi')
        : names.indexOf('Bursa Uludağ Üniversitesi'),
    );
    expect(names.indexOf('İnönü Üniversitesi')).toBeGreaterThan(names.indexOf('Işık Üniversitesi'));
    expect(names.indexOf('Şırnak Üniversitesi')).toBeGreaterThan(
      names.indexOf('Süleyman Demirel Üniversitesi'),
    );
    // labels: the names themselves; only Other is translated
    expect(engine.uiSchema(STEP2, 1, 'tr').university).toMatchObject({
      'ui:options': { suggestionLabels: { Other: 'Diğer', 'Ege Üniversitesi': 'Ege Üniversitesi' } },
    });
    expect(engine.uiSchema(STEP2, 1, 'en').university).toMatchObject({
      'ui:options': { suggestionLabels: { Other: 'Other' } },
    });
  });
});

// ---------------- step 3 ----------------
const STEP3 = 'signup/profile-setup';
const step3 = {
  photo: 'file_c9f0f895fb98ab9159f51fd0297e236d',
  specializations: ['Bilişsel Davranışçı Terapi (CBT)', 'EMDR', 'Gruptan Terapi'],
  workAreas: ['Kaygı Bozuklukları', 'Travma ve PTSD'],
  biography: 'Çocuk ve ergenlerle çalışan klinik psikoloğum.',
};

describe('sign-up step 3, profile setup', () => {
  ruleTable(
    STEP3,
    step3,
    [
      {
        name: 'biography: 501 characters',
        patch: { biography: chars(501) },
        path: 'biography',
        rule: 'maxLength',
        en: 'Biography must be less than 500 characters',
        tr: 'Biyografi en fazla 500 karakter olabilir',
      },
      {
        name: 'specializations: unknown value',
        patch: { specializations: ['EMDR', 'Hipnoz'] },
        path: 'specializations.1',
        rule: 'enum',
        en: 'Please select a valid specialization',
      },
      {
        name: 'specializations: picked twice',
        patch: { specializations: ['EMDR', 'EMDR'] },
        path: 'specializations',
        rule: 'uniqueItems',
        en: 'Each specialization can be selected only once',
      },
      {
        name: 'specializations: not a list',
        patch: { specializations: 'EMDR' },
        path: 'specializations',
        rule: 'type',
        en: 'Specializations has an invalid value',
      },
      {
        name: 'workAreas: unknown value',
        patch: { workAreas: ['Depression'] },
        path: 'workAreas.0',
        rule: 'enum',
        en: 'Please select a valid work area',
      },
      {
        name: 'workAreas: picked twice',
        patch: { workAreas: ['Depresyon', 'Depresyon'] },
        path: 'workAreas',
        rule: 'uniqueItems',
        en: 'Each work area can be selected only once',
      },
      {
        name: 'photo: base64 blob instead of a file id',
        patch: { photo: `data:image/png;base64,${chars(300, 'A')}` },
        path: 'photo',
        rule: 'maxLength',
        en: 'Invalid file reference. Please upload your photo again',
      },
    ],
    [
      {
        name: 'an empty profile (every field optional)',
        patch: { photo: undefined, specializations: undefined, workAreas: undefined, biography: undefined },
      },
      { name: 'empty lists and biography', patch: { specializations: [], workAreas: [], biography: '' } },
      { name: 'biography of exactly 500 characters', patch: { biography: chars(500) } },
      {
        name: 'every specialization',
        patch: {
          specializations: [
            'Bilişsel Davranışçı Terapi (CBT)',
            'EMDR',
            'Şema Terapi',
            'Aile Terapisi',
            'Psikanalitik Terapi',
            'Gestalt Terapi',
            'Çift Terapisi',
            'Çocuk ve Ergen Psikolojisi',
            'Sanat Terapisi',
            'Müzik Terapisi',
            'Oyun Terapisi',
            'Gruptan Terapi',
          ],
        },
      },
      {
        name: 'every work area',
        patch: {
          workAreas: [
            'Kaygı Bozuklukları',
            'Depresyon',
            'Travma ve PTSD',
            'Çift Terapisi',
            'Çocuk ve Ergen',
            'Bağımlılık',
            'Yeme Bozuklukları',
            'Obsesif Kompulsif Bozukluk',
            'Bipolar Bozukluk',
            'Kişilik Bozuklukları',
            'Yas Danışmanlığı',
            'Stres Yönetimi',
          ],
        },
      },
    ],
  );

  it('photo upload limits: jpg/jpeg/png up to 2 MB', () => {
    expect(engine.registry.get(STEP3, 1).uiSchema.photo).toEqual({
      'ui:widget': 'fileUpload',
      'ui:options': { accept: '.jpg,.jpeg,.png', maxSize: 2097152, kind: 'image' },
    });
    expect(engine.t('en', STEP3, 'photo.errors.fileSize')).toBe('File size must be less than 2MB');
  });

  it('option labels: Turkish values keep Turkish labels, English adds a translation', () => {
    const en = engine.uiSchema(STEP3, 1, 'en') as Record<
      string,
      { items: { 'ui:enumNames': Record<string, string> } }
    >;
    const tr = engine.uiSchema(STEP3, 1, 'tr') as typeof en;
    expect(tr.specializations!.items['ui:enumNames']['Şema Terapi']).toBe('Şema Terapi');
    expect(en.specializations!.items['ui:enumNames']['Şema Terapi']).toBe('Şema Terapi (Schema Therapy)');
    expect(tr.workAreas!.items['ui:enumNames']['Yas Danışmanlığı']).toBe('Yas Danışmanlığı');
    expect(en.workAreas!.items['ui:enumNames']['Yas Danışmanlığı']).toBe(
      'Yas Danışmanlığı (Grief Counseling)',
    );
  });
});

describe('sign-up manifest', () => {
  it('lists the three steps in order', () => {
    expect(engine.registry.manifest('signup').parts).toEqual([
      { key: 'personalInformation', form: 'signup/personal-information', version: 1, slug: 'step1' },
      { key: 'professionalCredentials', form: 'signup/professional-credentials', version: 1, slug: 'step2' },
      { key: 'profileSetup', form: 'signup/profile-setup', version: 1, slug: 'step3' },
    ]);
  });

  it('progress titles exist in both languages', () => {
    for (const part of engine.registry.manifest('signup').parts) {
      expect(engine.translate('en', part.form, '_form.shortTitle')).toBeTruthy();
      expect(engine.translate('tr', part.form, '_form.shortTitle')).toBeTruthy();
    }
    expect(engine.translate('en', 'signup/professional-credentials', '_form.shortTitle')).toBe(
      'Professional Credentials',
    );
  });
});
