import { describe, expect, it } from 'vitest';
import { chars, daysFromToday, engine, type RuleCase, ruleTable, validate, yearsAgo } from './helpers';

/** min/max cases of a text field with the "<Label> must be at least / must not exceed" messages. */
function lengthCases(field: string, label: string, min: number, max: number, trLabel?: string): RuleCase[] {
  return [
    {
      name: `${field}: ${min - 1} characters`,
      patch: { [field]: chars(min - 1) },
      path: field,
      rule: 'minLength',
      en: `${label} must be at least ${min} characters`,
      tr: trLabel && `${trLabel} en az ${min} karakter olmalıdır`,
    },
    {
      name: `${field}: ${max + 1} characters`,
      patch: { [field]: chars(max + 1) },
      path: field,
      rule: 'maxLength',
      en: `${label} must not exceed ${max} characters`,
      tr: trLabel && `${trLabel} en fazla ${max} karakter olabilir`,
    },
    {
      name: `${field}: empty`,
      patch: { [field]: '' },
      path: field,
      rule: 'minLength',
      en: `${label} must be at least ${min} characters`,
    },
  ];
}
const boundaries = (field: string, min: number, max: number) => [
  { name: `${field} of exactly ${min} characters`, patch: { [field]: chars(min) } },
  { name: `${field} of exactly ${max} characters`, patch: { [field]: chars(max) } },
];

// ---------------- section 1 ----------------
const DEMO = 'intake/demographics';
const demographics = {
  clientFirstName: 'Elif',
  clientLastName: 'Yıldız',
  birthDate: yearsAgo(10),
  gender: 'female',
  schoolName: 'Atatürk İlkokulu',
  gradeLevel: '4',
  guardianFirstName: 'Ayşe',
  guardianLastName: 'Yıldız',
  guardianPhone: '05321234567',
  guardianEmail: 'ayse@example.com',
  meetingAttendees: ['client', 'mother'],
  meetingDate: daysFromToday(0),
};

function nameCases(field: string, label: string, trLabel: string): RuleCase[] {
  return [
    {
      name: `${field}: 1 character`,
      patch: { [field]: 'E' },
      path: field,
      rule: 'minLength',
      en: `${label} must be at least 2 characters`,
      tr: `${trLabel} en az 2 karakter olmalıdır`,
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
      en: `${label} must not exceed 50 characters`,
      tr: `${trLabel} en fazla 50 karakter olabilir`,
    },
    {
      name: `${field}: digits`,
      patch: { [field]: 'Elif2' },
      path: field,
      rule: 'format.person-name',
      en: `${label} must contain only letters`,
      tr: `${trLabel} yalnızca harflerden oluşmalıdır`,
    },
    {
      name: `${field}: punctuation`,
      patch: { [field]: 'Elif!' },
      path: field,
      rule: 'format.person-name',
      en: `${label} must contain only letters`,
    },
  ];
}
const PHONE = 'Please enter a valid phone number (e.g., +905xxxxxxxxx or 05xxxxxxxxx)';
const phoneCase = (name: string, value: string): RuleCase => ({
  name: `guardianPhone: ${name}`,
  patch: { guardianPhone: value },
  path: 'guardianPhone',
  rule: 'format.tr-phone',
  en: PHONE,
});

describe('intake section 1, demographics', () => {
  ruleTable(
    DEMO,
    demographics,
    [
      ...nameCases('clientFirstName', 'First name', 'Ad'),
      ...nameCases('clientLastName', 'Last name', 'Soyad'),
      ...nameCases('guardianFirstName', 'Guardian first name', 'Veli adı'),
      ...nameCases('guardianLastName', 'Guardian last name', 'Veli soyadı'),
      {
        name: 'birthDate: missing',
        patch: { birthDate: undefined },
        path: 'birthDate',
        rule: 'required',
        en: 'Birth date is required',
        tr: 'Doğum tarihi zorunludur',
      },
      {
        name: 'birthDate: 101 years ago',
        patch: { birthDate: yearsAgo(101) },
        path: 'birthDate',
        rule: 'format.birth-date',
        en: 'Please enter a valid birth date',
        tr: 'Lütfen geçerli bir doğum tarihi girin',
      },
      {
        name: 'birthDate: 100 years and 2 days ago',
        patch: { birthDate: yearsAgo(100, 2) },
        path: 'birthDate',
        rule: 'format.birth-date',
        en: 'Please enter a valid birth date',
      },
      {
        name: 'birthDate: tomorrow',
        patch: { birthDate: daysFromToday(1) },
        path: 'birthDate',
        rule: 'format.birth-date',
        en: 'Please enter a valid birth date',
      },
      {
        name: 'birthDate: 30 February',
        patch: { birthDate: '2016-02-30' },
        path: 'birthDate',
        rule: 'format.birth-date',
        en: 'Please enter a valid birth date',
        refusedInDraft: true,
      },
      {
        name: 'birthDate: day-first format',
        patch: { birthDate: '15.05.2016' },
        path: 'birthDate',
        rule: 'format.birth-date',
        en: 'Please enter a valid birth date',
      },
      {
        name: 'birthDate: empty',
        patch: { birthDate: '' },
        path: 'birthDate',
        rule: 'format.birth-date',
        en: 'Please enter a valid birth date',
      },
      {
        name: 'gender: missing',
        patch: { gender: undefined },
        path: 'gender',
        rule: 'required',
        en: 'Gender is required',
        tr: 'Cinsiyet zorunludur',
      },
      {
        name: 'gender: unknown value',
        patch: { gender: 'boy' },
        path: 'gender',
        rule: 'enum',
        en: 'Gender is required',
      },
      {
        name: 'schoolName: 1 character',
        patch: { schoolName: 'A' },
        path: 'schoolName',
        rule: 'minLength',
        en: 'School name must be at least 2 characters',
        tr: 'Okul adı en az 2 karakter olmalıdır',
      },
      {
        name: 'schoolName: 101 characters',
        patch: { schoolName: chars(101) },
        path: 'schoolName',
        rule: 'maxLength',
        en: 'School name must not exceed 100 characters',
        tr: 'Okul adı en fazla 100 karakter olabilir',
      },
      {
        name: 'schoolName: missing',
        patch: { schoolName: undefined },
        path: 'schoolName',
        rule: 'required',
        en: 'School name is required',
      },
      {
        name: 'gradeLevel: empty',
        patch: { gradeLevel: '' },
        path: 'gradeLevel',
        rule: 'enum',
        en: 'Please select a grade level',
        tr: 'Lütfen bir sınıf düzeyi seçin',
      },
      {
        name: 'gradeLevel: 13',
        patch: { gradeLevel: '13' },
        path: 'gradeLevel',
        rule: 'enum',
        en: 'Please select a grade level',
      },
      {
        name: 'gradeLevel: number instead of text',
        patch: { gradeLevel: 4 },
        path: 'gradeLevel',
        rule: 'type',
        en: 'Grade level has an invalid value',
      },
      {
        name: 'gradeLevel: missing',
        patch: { gradeLevel: undefined },
        path: 'gradeLevel',
        rule: 'required',
        en: 'Please select a grade level',
      },
      phoneCase('leading 0 after +90', '+9005321234567'),
      phoneCase('leading 0 after 0', '00321234567'),
      phoneCase('first digit 0 without prefix', '0321234567'),
      phoneCase('9 digits', '532123456'),
      phoneCase('11 digits without prefix', '53212345678'),
      phoneCase('letters', '0532abc4567'),
      phoneCase('another country code (+91)', '+915321234567'),
      phoneCase('spaces in the wrong place', '05 32 12 34 56 7 8'),
      phoneCase('a slash between groups', '0532/123 45 67'),
      phoneCase('90 without plus', '905321234567'),
      {
        name: 'guardianPhone: empty',
        patch: { guardianPhone: '' },
        path: 'guardianPhone',
        rule: 'format.tr-phone',
        en: PHONE,
        tr: 'Lütfen geçerli bir telefon numarası girin (ör. +905xxxxxxxxx veya 05xxxxxxxxx)',
      },
      {
        name: 'guardianPhone: missing',
        patch: { guardianPhone: undefined },
        path: 'guardianPhone',
        rule: 'required',
        en: 'Guardian phone is required',
      },
      {
        name: 'guardianEmail: invalid',
        patch: { guardianEmail: 'ayse@' },
        path: 'guardianEmail',
        rule: 'format.email',
        en: 'Please enter a valid email address',
        tr: 'Lütfen geçerli bir e-posta adresi girin',
      },
      {
        name: 'guardianEmail: 101 characters',
        patch: { guardianEmail: `${chars(89)}@example.com` },
        path: 'guardianEmail',
        rule: 'maxLength',
        en: 'Email must not exceed 100 characters',
        tr: 'E-posta adresi en fazla 100 karakter olabilir',
      },
      {
        name: 'guardianEmail: missing',
        patch: { guardianEmail: undefined },
        path: 'guardianEmail',
        rule: 'required',
        en: 'Guardian email is required',
      },
      {
        name: 'meetingAttendees: none',
        patch: { meetingAttendees: [] },
        path: 'meetingAttendees',
        rule: 'minItems',
        en: 'Please select at least one attendee',
        tr: 'Lütfen en az bir katılımcı seçin',
      },
      {
        name: 'meetingAttendees: missing',
        patch: { meetingAttendees: undefined },
        path: 'meetingAttendees',
        rule: 'required',
        en: 'Please select at least one attendee',
      },
      {
        name: 'meetingAttendees: unknown value',
        patch: { meetingAttendees: ['client', 'uncle'] },
        path: 'meetingAttendees.1',
        rule: 'enum',
        en: 'Please select a valid attendee',
      },
      {
        name: 'meetingAttendees: twice',
        patch: { meetingAttendees: ['mother', 'mother'] },
        path: 'meetingAttendees',
        rule: 'uniqueItems',
        en: 'Each attendee can be selected only once',
      },
      {
        name: 'meetingDate: missing',
        patch: { meetingDate: undefined },
        path: 'meetingDate',
        rule: 'required',
        en: 'Meeting date is required',
        tr: 'Görüşme tarihi zorunludur',
      },
      {
        name: 'meetingDate: tomorrow',
        patch: { meetingDate: daysFromToday(1) },
        path: 'meetingDate',
        rule: 'format.past-date',
        en: 'Meeting date must be a valid date that is not in the future',
      },
      {
        name: 'meetingDate: not a date',
        patch: { meetingDate: '2025-13-01' },
        path: 'meetingDate',
        rule: 'format.past-date',
        en: 'Meeting date must be a valid date that is not in the future',
        refusedInDraft: true,
      },
    ],
    [
      {
        name: 'Turkish names (Çağrı, İlknur Şahin, Işıl Güneş)',
        patch: {
          clientFirstName: 'Çağrı',
          clientLastName: 'Öztürk',
          guardianFirstName: 'İlknur Şahin',
          guardianLastName: 'Işıl Güneş',
        },
      },
      {
        name: 'names of exactly 2 and 50 characters',
        patch: { clientFirstName: 'Su', guardianLastName: chars(50) },
      },
      { name: 'phone +905321234567', patch: { guardianPhone: '+905321234567' } },
      { name: 'phone 05321234567', patch: { guardianPhone: '05321234567' } },
      { name: 'phone 5321234567', patch: { guardianPhone: '5321234567' } },
      { name: 'landline 02123456789', patch: { guardianPhone: '02123456789' } },
      { name: 'phone typed 0532 123 45 67', patch: { guardianPhone: '0532 123 45 67' } },
      { name: 'phone typed (0532) 123-45-67', patch: { guardianPhone: '(0532) 123-45-67' } },
      { name: 'phone typed +90 532 123 45 67', patch: { guardianPhone: '+90 532 123 45 67' } },
      { name: 'birth date today (age 0)', patch: { birthDate: daysFromToday(0) } },
      { name: 'birth date 99 years ago', patch: { birthDate: yearsAgo(99) } },
      { name: 'birth date 100 years ago less a day', patch: { birthDate: yearsAgo(100, -1) } },
      { name: 'meeting date a year ago', patch: { meetingDate: yearsAgo(1) } },
      {
        name: 'guardian e-mail of exactly 100 characters',
        patch: { guardianEmail: `${chars(88)}@example.com` },
      },
      { name: 'school name of 2 and 100 characters', patch: { schoolName: 'AB' } },
      { name: 'school name of 100 characters', patch: { schoolName: chars(100) } },
      ...['male', 'female', 'other', 'prefer_not_to_say'].map((g) => ({
        name: `gender ${g}`,
        patch: { gender: g },
      })),
      ...[
        'preschool',
        'kindergarten',
        '1',
        '2',
        '3',
        '5',
        '6',
        '7',
        '8',
        '9',
        '10',
        '11',
        '12',
        'college',
        'other',
      ].map((g) => ({ name: `grade level ${g}`, patch: { gradeLevel: g } })),
      {
        name: 'every attendee',
        patch: {
          meetingAttendees: [
            'client',
            'mother',
            'father',
            'both_parents',
            'guardian',
            'teacher',
            'school_counselor',
            'other',
          ],
        },
      },
    ],
    { draft: true },
  );

  it('option labels: grades as ordinals, guardian as Legal Guardian, in both languages', () => {
    const en = engine.uiSchema(DEMO, 1, 'en') as Record<string, Record<string, unknown>>;
    const tr = engine.uiSchema(DEMO, 1, 'tr') as Record<string, Record<string, unknown>>;
    expect(en.gradeLevel!['ui:enumNames']).toMatchObject({
      '1': '1st Grade',
      '2': '2nd Grade',
      '3': '3rd Grade',
      '4': '4th Grade',
      '11': '11th Grade',
      '12': '12th Grade',
    });
    expect(tr.gradeLevel!['ui:enumNames']).toMatchObject({ '1': '1. Sınıf', '12': '12. Sınıf' });
    expect(en.meetingAttendees!.items).toMatchObject({ 'ui:enumNames': { guardian: 'Legal Guardian' } });
    expect(tr.meetingAttendees!.items).toMatchObject({ 'ui:enumNames': { guardian: 'Yasal vasi' } });
  });

  it('groups the fields under the four headings', () => {
    const ui = engine.uiSchema(DEMO, 1, 'en') as {
      'ui:options': { groups: { id: string; title: string; fields: string[] }[] };
    };
    expect(ui['ui:options'].groups.map((g) => [g.id, g.title])).toEqual([
      ['clientInformation', 'Client Information'],
      ['schoolInformation', 'School Information'],
      ['guardianInformation', 'Guardian Information'],
      ['meetingInformation', 'Meeting Information'],
    ]);
    expect(ui['ui:options'].groups.flatMap((g) => g.fields).sort()).toEqual(Object.keys(demographics).sort());
  });
});

// ---------------- section 2 ----------------
const CH = 'intake/complaint-history';
const complaint = {
  complaintDescription: 'Okula gitmek istemiyor, sabahları karın ağrısı yaşıyor.',
  complaintStartDate: yearsAgo(1),
  complaintStartDescription: 'Yeni okula geçtikten sonra başladı.',
  complaintFrequency: 5,
  complaintIntensity: 5,
  complaintTriggers: 'Pazartesi sabahları ve sınav haftaları.',
  complaintReducingFactors: 'Annesiyle birlikte okula gittiğinde azalıyor.',
  solutionsTried: 'Rehber öğretmenle iki görüşme yapıldı.',
  impactAcademic: 3,
  impactSocial: 3,
  impactFamily: 3,
  impactIndividual: 3,
};
const rangeCases = (field: string, min: number, max: number, en: string, tr?: string): RuleCase[] => [
  { name: `${field}: ${min - 1}`, patch: { [field]: min - 1 }, path: field, rule: 'minimum', en, tr },
  { name: `${field}: ${max + 1}`, patch: { [field]: max + 1 }, path: field, rule: 'maximum', en },
  { name: `${field}: fraction`, patch: { [field]: min + 0.5 }, path: field, rule: 'type', en },
  { name: `${field}: text`, patch: { [field]: String(min) }, path: field, rule: 'type', en },
];

describe('intake section 2, complaint history', () => {
  ruleTable(
    CH,
    complaint,
    [
      ...lengthCases('complaintDescription', 'Complaint description', 10, 2000, 'Şikâyetin tanımı'),
      {
        name: 'complaintStartDate: missing',
        patch: { complaintStartDate: undefined },
        path: 'complaintStartDate',
        rule: 'required',
        en: 'Complaint start date is required',
        tr: 'Şikâyetin başlangıç tarihi zorunludur',
      },
      {
        name: 'complaintStartDate: tomorrow',
        patch: { complaintStartDate: daysFromToday(1) },
        path: 'complaintStartDate',
        rule: 'format.past-date',
        en: 'Complaint start date must be a valid date that is not in the future',
      },
      ...lengthCases('complaintStartDescription', 'Start description', 10, 1000),
      ...rangeCases(
        'complaintFrequency',
        1,
        10,
        'Frequency must be between 1 and 10',
        'Sıklık 1 ile 10 arasında olmalıdır',
      ),
      ...rangeCases(
        'complaintIntensity',
        1,
        10,
        'Intensity must be between 1 and 10',
        'Şiddet 1 ile 10 arasında olmalıdır',
      ),
      ...lengthCases('complaintTriggers', 'Triggers', 10, 1000),
      ...lengthCases('complaintReducingFactors', 'Reducing factors', 10, 1000),
      ...lengthCases('solutionsTried', 'Solutions tried', 10, 1000),
      ...['impactAcademic', 'impactSocial', 'impactFamily', 'impactIndividual'].flatMap((f) =>
        rangeCases(f, 1, 5, 'Impact rating must be between 1 and 5', 'Etki puanı 1 ile 5 arasında olmalıdır'),
      ),
      {
        name: 'complaintTriggers: missing',
        patch: { complaintTriggers: undefined },
        path: 'complaintTriggers',
        rule: 'required',
        en: 'Triggers are required',
      },
      {
        name: 'complaintDescription: missing',
        patch: { complaintDescription: undefined },
        path: 'complaintDescription',
        rule: 'required',
        en: 'Complaint description is required',
      },
    ],
    [
      ...boundaries('complaintDescription', 10, 2000),
      ...boundaries('complaintStartDescription', 10, 1000),
      ...boundaries('solutionsTried', 10, 1000),
      { name: 'sliders at 1 and 10', patch: { complaintFrequency: 1, complaintIntensity: 10 } },
      {
        name: 'ratings at 1 and 5',
        patch: { impactAcademic: 1, impactSocial: 5, impactFamily: 1, impactIndividual: 5 },
      },
      { name: 'a start date of today', patch: { complaintStartDate: daysFromToday(0) } },
    ],
    { draft: true },
  );

  it('sliders default to 5 and ratings to 3', () => {
    const props = engine.registry.get(CH, 1).schema.properties as Record<string, { default?: unknown }>;
    expect([props.complaintFrequency?.default, props.complaintIntensity?.default]).toEqual([5, 5]);
    expect(
      ['impactAcademic', 'impactSocial', 'impactFamily', 'impactIndividual'].map((f) => props[f]?.default),
    ).toEqual([3, 3, 3, 3]);
  });

  it('scale labels: Rarely/Sometimes/Constantly, Mild/Moderate/Severe, Low/High Impact', () => {
    const ui = engine.uiSchema(CH, 1, 'en') as Record<
      string,
      { 'ui:options': { markLabels: Record<string, string> } }
    >;
    expect(ui.complaintFrequency!['ui:options'].markLabels).toEqual({
      '1': 'Rarely',
      '5': 'Sometimes',
      '10': 'Constantly',
    });
    expect(ui.complaintIntensity!['ui:options'].markLabels).toEqual({
      '1': 'Mild',
      '5': 'Moderate',
      '10': 'Severe',
    });
    expect(ui.impactSocial!['ui:options'].markLabels).toEqual({ '1': 'Low Impact', '5': 'High Impact' });
    const tr = engine.uiSchema(CH, 1, 'tr') as typeof ui;
    expect(tr.complaintIntensity!['ui:options'].markLabels).toEqual({
      '1': 'Hafif',
      '5': 'Orta',
      '10': 'Şiddetli',
    });
  });

  it('groups under the five headings', () => {
    const ui = engine.uiSchema(CH, 1, 'en') as { 'ui:options': { groups: { id: string; title: string }[] } };
    expect(ui['ui:options'].groups.map((g) => g.title)).toEqual([
      'Complaint Description',
      'When Did It Start?',
      'Frequency and Intensity',
      'Contextual Information',
      'Impact on Life Areas',
    ]);
  });
});

// ---------------- section 3 ----------------
const MH = 'intake/medical-history';
const medical = {
  prenatalPostnatalHistory: 'Miadında normal doğum, 3200 gram.',
  developmentalMilestones: ['walked_on_time', 'talked_on_time', 'sleep_problems'],
  seriousIllnessesAccidentsSurgeries: 'Dört yaşında bademcik ameliyatı.',
  currentMedicalConditionsAllergies: 'Polen alerjisi var.',
  currentMedications: [{ id: 'tmp-1', name: 'Desloratadin', dosage: '5 mg', frequency: 'Günde bir kez' }],
  familyMedicalPsychiatricHistory: 'Annede kaygı bozukluğu öyküsü.',
};
const med = (row: Record<string, unknown>) => ({
  currentMedications: [{ ...medical.currentMedications[0], ...row }],
});
const withoutKey = (row: Record<string, unknown>, key: string) => {
  const copy = { ...row };
  delete copy[key];
  return copy;
};

describe('intake section 3, medical history', () => {
  ruleTable(
    MH,
    medical,
    [
      ...lengthCases(
        'prenatalPostnatalHistory',
        'Prenatal and postnatal history',
        10,
        2000,
        'Doğum öncesi ve doğum sonrası öykü',
      ),
      ...lengthCases(
        'seriousIllnessesAccidentsSurgeries',
        'Serious illnesses, accidents and surgeries',
        10,
        2000,
      ),
      ...lengthCases(
        'currentMedicalConditionsAllergies',
        'Current medical conditions and allergies',
        10,
        1000,
      ),
      ...lengthCases('familyMedicalPsychiatricHistory', 'Family medical and psychiatric history', 10, 2000),
      {
        name: 'prenatalPostnatalHistory: missing',
        patch: { prenatalPostnatalHistory: undefined },
        path: 'prenatalPostnatalHistory',
        rule: 'required',
        en: 'Prenatal and postnatal history is required',
      },
      {
        name: 'developmentalMilestones: unknown code',
        patch: { developmentalMilestones: ['walked_early'] },
        path: 'developmentalMilestones.0',
        rule: 'enum',
        en: 'Please select a valid developmental milestone',
      },
      {
        name: 'developmentalMilestones: twice',
        patch: { developmentalMilestones: ['sleep_problems', 'sleep_problems'] },
        path: 'developmentalMilestones',
        rule: 'uniqueItems',
        en: 'Each milestone can be selected only once',
      },
      {
        name: 'medication name: empty',
        patch: med({ name: '' }),
        path: 'currentMedications.0.name',
        rule: 'minLength',
        en: 'Medication name is required',
        tr: 'İlaç adı zorunludur',
      },
      {
        name: 'medication name: missing',
        patch: { currentMedications: [withoutKey(medical.currentMedications[0]!, 'name')] },
        path: 'currentMedications.0.name',
        rule: 'required',
        en: 'Medication name is required',
      },
      {
        name: 'medication name: 101 characters',
        patch: med({ name: chars(101) }),
        path: 'currentMedications.0.name',
        rule: 'maxLength',
        en: 'Medication name must not exceed 100 characters',
      },
      {
        name: 'dosage: empty',
        patch: med({ dosage: '' }),
        path: 'currentMedications.0.dosage',
        rule: 'minLength',
        en: 'Dosage is required',
        tr: 'Doz zorunludur',
      },
      {
        name: 'dosage: missing',
        patch: { currentMedications: [withoutKey(medical.currentMedications[0]!, 'dosage')] },
        path: 'currentMedications.0.dosage',
        rule: 'required',
        en: 'Dosage is required',
      },
      {
        name: 'dosage: 51 characters',
        patch: med({ dosage: chars(51) }),
        path: 'currentMedications.0.dosage',
        rule: 'maxLength',
        en: 'Dosage must not exceed 50 characters',
      },
      {
        name: 'frequency: empty',
        patch: med({ frequency: '' }),
        path: 'currentMedications.0.frequency',
        rule: 'minLength',
        en: 'Frequency is required',
      },
      {
        name: 'frequency: missing',
        patch: { currentMedications: [withoutKey(medical.currentMedications[0]!, 'frequency')] },
        path: 'currentMedications.0.frequency',
        rule: 'required',
        en: 'Frequency is required',
      },
      {
        name: 'frequency: 101 characters',
        patch: med({ frequency: chars(101) }),
        path: 'currentMedications.0.frequency',
        rule: 'maxLength',
        en: 'Frequency must not exceed 100 characters',
      },
      {
        name: 'medication: error on the second row',
        patch: {
          currentMedications: [
            medical.currentMedications[0],
            { name: 'Metilfenidat', dosage: chars(51), frequency: 'Sabah' },
          ],
        },
        path: 'currentMedications.1.dosage',
        rule: 'maxLength',
        en: 'Dosage must not exceed 50 characters',
      },
    ],
    [
      {
        name: 'no milestones and no medications',
        patch: { developmentalMilestones: [], currentMedications: [] },
      },
      {
        name: 'lists left out entirely',
        patch: { developmentalMilestones: undefined, currentMedications: undefined },
      },
      {
        name: 'a medication row without id',
        patch: { currentMedications: [{ name: 'A', dosage: 'B', frequency: 'C' }] },
      },
      {
        name: 'a medication row at its maximum lengths',
        patch: med({ name: chars(100), dosage: chars(50), frequency: chars(100) }),
      },
      {
        name: 'every milestone',
        patch: {
          developmentalMilestones: [
            'walked_on_time',
            'talked_on_time',
            'toilet_trained_on_time',
            'delayed_walking',
            'delayed_talking',
            'delayed_toilet_training',
            'difficulty_separating_from_parents',
            'excessive_crying_as_infant',
            'feeding_difficulties',
            'sleep_problems',
          ],
        },
      },
      ...boundaries('currentMedicalConditionsAllergies', 10, 1000),
      ...boundaries('familyMedicalPsychiatricHistory', 10, 2000),
    ],
    { draft: true },
  );

  it('a medication row rejects fields it does not define', () => {
    expect(
      validate(MH, { ...medical, currentMedications: [{ ...medical.currentMedications[0], note: 'x' }] }),
    ).toEqual([expect.objectContaining({ path: 'currentMedications.0', rule: 'additionalProperties' })]);
  });

  it('rows have add and item labels in both languages', () => {
    const en = engine.uiSchema(MH, 1, 'en') as Record<string, { 'ui:options': Record<string, string> }>;
    const tr = engine.uiSchema(MH, 1, 'tr') as typeof en;
    expect(en.currentMedications!['ui:options']).toMatchObject({
      addLabel: 'Add medication',
      itemLabel: 'Medication {{index}}',
    });
    expect(tr.currentMedications!['ui:options']).toMatchObject({
      addLabel: 'İlaç ekle',
      itemLabel: 'İlaç {{index}}',
    });
  });
});

// ---------------- section 4 ----------------
const FS = 'intake/family-social-life';
const family = {
  familyStructure: 'together',
  whoLivesAtHome: 'Anne, baba ve küçük kardeşi.',
  siblings: [{ id: 'tmp-1', name: 'Can', age: 6, grade: '1. sınıf', relationship: 'brother' }],
  parentingStyle: 'Anne koruyucu, baba daha otoriter.',
  schoolLifeDescription: 'Derslerinde başarılı, teneffüslerde yalnız.',
  academicPerformance: 3,
  friendshipsDescription: 'Bir yakın arkadaşı var.',
  interestsHobbies: 'Resim yapmak ve yüzmek.',
};
const sib = (row: Record<string, unknown>) => ({ siblings: [{ ...family.siblings[0], ...row }] });

describe('intake section 4, family and social life', () => {
  ruleTable(
    FS,
    family,
    [
      {
        name: 'familyStructure: missing',
        patch: { familyStructure: undefined },
        path: 'familyStructure',
        rule: 'required',
        en: 'Family structure is required',
        tr: 'Aile yapısı zorunludur',
      },
      {
        name: 'familyStructure: unknown value',
        patch: { familyStructure: 'married' },
        path: 'familyStructure',
        rule: 'enum',
        en: 'Family structure is required',
      },
      {
        name: 'whoLivesAtHome: 9 characters',
        patch: { whoLivesAtHome: chars(9) },
        path: 'whoLivesAtHome',
        rule: 'minLength',
        en: 'Please describe who lives at home (at least 10 characters)',
        tr: 'Lütfen evde kimlerin yaşadığını açıklayın (en az 10 karakter)',
      },
      {
        name: 'whoLivesAtHome: 501 characters',
        patch: { whoLivesAtHome: chars(501) },
        path: 'whoLivesAtHome',
        rule: 'maxLength',
        en: 'The description of who lives at home must not exceed 500 characters',
      },
      {
        name: 'whoLivesAtHome: missing',
        patch: { whoLivesAtHome: undefined },
        path: 'whoLivesAtHome',
        rule: 'required',
        en: 'Please describe who lives at home (at least 10 characters)',
      },
      ...lengthCases('parentingStyle', 'Parenting style', 10, 1000, 'Ebeveynlik tutumu'),
      ...lengthCases('schoolLifeDescription', 'School life description', 10, 1000),
      ...lengthCases('friendshipsDescription', 'Friendships description', 10, 1000),
      ...lengthCases('interestsHobbies', 'Interests and hobbies', 10, 1000),
      ...rangeCases(
        'academicPerformance',
        1,
        5,
        'Academic performance rating must be between 1 and 5',
        'Akademik başarı puanı 1 ile 5 arasında olmalıdır',
      ),
      {
        name: 'sibling name: empty',
        patch: sib({ name: '' }),
        path: 'siblings.0.name',
        rule: 'minLength',
        en: 'Sibling name is required',
        tr: 'Kardeş adı zorunludur',
      },
      {
        name: 'sibling name: missing',
        patch: { siblings: [withoutKey(family.siblings[0]!, 'name')] },
        path: 'siblings.0.name',
        rule: 'required',
        en: 'Sibling name is required',
      },
      {
        name: 'sibling name: 101 characters',
        patch: sib({ name: chars(101) }),
        path: 'siblings.0.name',
        rule: 'maxLength',
        en: 'Sibling name must not exceed 100 characters',
      },
      {
        name: 'sibling age: -1',
        patch: sib({ age: -1 }),
        path: 'siblings.0.age',
        rule: 'minimum',
        en: 'Age must be 0 or greater',
        tr: 'Yaş 0 veya daha büyük olmalıdır',
      },
      {
        name: 'sibling age: 101',
        patch: sib({ age: 101 }),
        path: 'siblings.0.age',
        rule: 'maximum',
        en: 'Age must be 100 or less',
        tr: 'Yaş 100 veya daha küçük olmalıdır',
      },
      {
        name: 'sibling age: fraction',
        patch: sib({ age: 2.5 }),
        path: 'siblings.0.age',
        rule: 'type',
        en: 'Age must be a whole number',
      },
      {
        name: 'sibling grade: empty',
        patch: sib({ grade: '' }),
        path: 'siblings.0.grade',
        rule: 'minLength',
        en: 'Grade is required',
      },
      {
        name: 'sibling grade: missing',
        patch: { siblings: [withoutKey(family.siblings[0]!, 'grade')] },
        path: 'siblings.0.grade',
        rule: 'required',
        en: 'Grade is required',
      },
      {
        name: 'sibling grade: 51 characters',
        patch: sib({ grade: chars(51) }),
        path: 'siblings.0.grade',
        rule: 'maxLength',
        en: 'Grade must not exceed 50 characters',
      },
      {
        name: 'sibling relationship: unknown value',
        patch: sib({ relationship: 'cousin' }),
        path: 'siblings.0.relationship',
        rule: 'enum',
        en: 'Relationship is required',
      },
      {
        name: 'sibling relationship: missing',
        patch: { siblings: [withoutKey(family.siblings[0]!, 'relationship')] },
        path: 'siblings.0.relationship',
        rule: 'required',
        en: 'Relationship is required',
      },
    ],
    [
      { name: 'no siblings', patch: { siblings: [] } },
      { name: 'siblings left out', patch: { siblings: undefined } },
      {
        name: 'sibling ages 0 and 100',
        patch: {
          siblings: [
            { name: 'Bebek', age: 0, grade: '-', relationship: 'sister' },
            { name: 'Ağabey', age: 100, grade: 'Mezun', relationship: 'half_brother' },
          ],
        },
      },
      ...['together', 'separated', 'divorced', 'single_parent', 'other'].map((s) => ({
        name: `family structure ${s}`,
        patch: { familyStructure: s },
      })),
      ...['brother', 'sister', 'half_brother', 'half_sister', 'step_brother', 'step_sister'].map((r) => ({
        name: `relationship ${r}`,
        patch: sib({ relationship: r }),
      })),
      ...boundaries('whoLivesAtHome', 10, 500),
      { name: 'academic performance 1 and 5', patch: { academicPerformance: 5 } },
    ],
    { draft: true },
  );

  it('a new sibling starts at age 0 and academic performance at 3', () => {
    const props = engine.registry.get(FS, 1).schema as {
      properties: Record<
        string,
        { default?: unknown; items?: { properties: Record<string, { default?: unknown }> } }
      >;
    };
    expect(props.properties.siblings?.items?.properties.age?.default).toBe(0);
    expect(props.properties.academicPerformance?.default).toBe(3);
  });

  it('labels: Parents living together, Below Average .. Excellent', () => {
    const en = engine.uiSchema(FS, 1, 'en') as Record<string, Record<string, unknown>>;
    expect(en.familyStructure!['ui:enumNames']).toMatchObject({ together: 'Parents living together' });
    expect(en.academicPerformance!['ui:options']).toMatchObject({
      markLabels: { '1': 'Below Average', '5': 'Excellent' },
    });
    expect(en.siblings!['ui:options']).toMatchObject({
      addLabel: 'Add sibling',
      itemLabel: 'Sibling {{index}}',
    });
  });
});

// ---------------- draft vs full ----------------
describe('draft mode (ADR 003)', () => {
  it.each([
    [DEMO, { clientFirstName: 'E' }],
    [CH, { complaintDescription: 'kısa', complaintFrequency: 7 }],
    [MH, { currentMedications: [{ name: '', dosage: '', frequency: '' }] }],
    [FS, { siblings: [{ name: '', age: 0, grade: '' }], whoLivesAtHome: '' }],
  ])('%s: an almost empty section passes as a draft but not in full', (form, data) => {
    expect(validate(form, data, 'draft')).toEqual([]);
    expect(validate(form, data, 'draft', 'tr')).toEqual([]);
    expect(validate(form, data, 'full').length).toBeGreaterThan(0);
  });

  it.each([
    [DEMO, {}],
    [CH, {}],
    [MH, {}],
    [FS, {}],
  ])('%s: an empty section is a valid draft', (form, data) => {
    expect(validate(form, data, 'draft')).toEqual([]);
  });

  it.each([
    [DEMO, { clientFirstName: chars(51) }, 'clientFirstName', 'maxLength'],
    [DEMO, { gender: 'boy' }, 'gender', 'enum'],
    [DEMO, { meetingAttendees: 'client' }, 'meetingAttendees', 'type'],
    [DEMO, { meetingAttendees: ['mother', 'mother'] }, 'meetingAttendees', 'uniqueItems'],
    [CH, { complaintDescription: chars(2001) }, 'complaintDescription', 'maxLength'],
    [CH, { complaintFrequency: 11 }, 'complaintFrequency', 'maximum'],
    [CH, { complaintFrequency: '7' }, 'complaintFrequency', 'type'],
    [MH, { currentMedications: [{ name: chars(101) }] }, 'currentMedications.0.name', 'maxLength'],
    [MH, { developmentalMilestones: ['nope'] }, 'developmentalMilestones.0', 'enum'],
    [FS, { siblings: [{ age: 101 }] }, 'siblings.0.age', 'maximum'],
    [FS, { familyStructure: 'married' }, 'familyStructure', 'enum'],
    [FS, { unexpected: true }, '', 'additionalProperties'],
  ])('%s: data that cannot be stored safely fails as a draft (%j)', (form, data, path, rule) => {
    expect(validate(form, data, 'draft')).toEqual([expect.objectContaining({ path, rule })]);
  });

  it.each([
    [DEMO, { birthDate: '2014-02-31' }, 'birthDate', 'format.birth-date'],
    [DEMO, { birthDate: '2014-13-01' }, 'birthDate', 'format.birth-date'],
    [DEMO, { meetingDate: '2025-04-31' }, 'meetingDate', 'format.past-date'],
    [CH, { complaintStartDate: '2023-02-29' }, 'complaintStartDate', 'format.past-date'],
  ])('%s: a date no calendar has fails even as a draft, in both languages (%j)', (form, data, path, rule) => {
    const en = validate(form, data, 'draft');
    const tr = validate(form, data, 'draft', 'tr');
    expect(en).toEqual([expect.objectContaining({ path, rule })]);
    expect(tr).toEqual([expect.objectContaining({ path, rule })]);
    expect(tr[0]?.message).not.toBe(en[0]?.message);
  });

  it.each([
    [DEMO, { birthDate: '-02-14' }],
    [DEMO, { birthDate: '2014--14' }],
    [DEMO, { birthDate: '2016-02-29' }],
  ])('%s: a date not finished yet, or a real leap day, stays a draft (%j)', (form, data) => {
    expect(validate(form, data, 'draft')).toEqual([]);
  });

  it.each([
    [DEMO, { clientFirstName: 'Elif3' }, 'clientFirstName', 'format.person-name'],
    [DEMO, { clientFirstName: 'D' }, 'clientFirstName', 'minLength'],
    [DEMO, { meetingDate: '2030-05-14' }, 'meetingDate', 'format.past-date'],
    [DEMO, { guardianPhone: '0532 123 45' }, 'guardianPhone', 'format.tr-phone'],
    [DEMO, { guardianEmail: 'ayse@' }, 'guardianEmail', 'format.email'],
    [DEMO, { meetingDate: daysFromToday(3) }, 'meetingDate', 'format.past-date'],
    [DEMO, { birthDate: yearsAgo(120) }, 'birthDate', 'format.birth-date'],
    [CH, { complaintFrequency: 0 }, 'complaintFrequency', 'minimum'],
    [CH, { complaintDescription: 'kısa' }, 'complaintDescription', 'minLength'],
    [FS, { siblings: [{ age: -1 }] }, 'siblings.0.age', 'minimum'],
  ])(
    '%s: data that is only not right yet saves as a draft and fails in full (%j)',
    (form, data, path, rule) => {
      expect(validate(form, data, 'draft')).toEqual([]);
      expect(validate(form, data, 'draft', 'tr')).toEqual([]);
      expect(validate(form, data, 'full')).toContainEqual(expect.objectContaining({ path, rule }));
    },
  );
});

describe('intake manifest', () => {
  it('lists the four sections with their data keys and route slugs', () => {
    expect(engine.registry.manifest('intake').parts).toEqual([
      { key: 'demographics', form: 'intake/demographics', version: 1, slug: '' },
      { key: 'complaintHistory', form: 'intake/complaint-history', version: 1, slug: 'complaint-history' },
      { key: 'medicalHistory', form: 'intake/medical-history', version: 1, slug: 'medical-history' },
      { key: 'familySocialLife', form: 'intake/family-social-life', version: 1, slug: 'family-social-life' },
    ]);
  });

  it('section titles in both languages', () => {
    const titles = (lang: 'en' | 'tr') =>
      engine.registry.manifest('intake').parts.map((p) => engine.t(lang, p.form, '_form.title'));
    expect(titles('en')).toEqual([
      'Demographics',
      'Complaint History',
      'Medical History',
      'Family & Social Life',
    ]);
    expect(titles('tr')).toEqual([
      'Demografik Bilgiler',
      'Şikâyet Öyküsü',
      'Tıbbi Öykü',
      'Aile ve Sosyal Yaşam',
    ]);
  });
});
