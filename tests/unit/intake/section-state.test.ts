import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { draftHints } from '../../../src/client/features/intake/draft-hints';
import { completeCount, stateOf, withSavedStates } from '../../../src/client/features/intake/section-state';
import { knownMissing, missingFromServer } from '../../../src/client/features/intake/submit-check';
import { summarizeSection } from '../../../src/client/features/intake/summary-model';
import { loadEngine, ROOT_DIR } from '../../../src/forms/node';
import { validSections } from '../../fixtures/intake/sections';

const engine = loadEngine({
  schemasDir: path.join(ROOT_DIR, 'schemas'),
  localesDir: path.join(ROOT_DIR, 'locales'),
});
const parts = engine.registry.manifest('intake').parts;
const state = (form: string, data: unknown) => engine.sectionState(form, 1, data);

describe('section states (one rule for the tabs, the list and the submit, ADR 060)', () => {
  it.each([
    ['a section never saved', 'intake/demographics', undefined, 'empty'],
    [
      'an empty section 1 saved with Save & Continue',
      'intake/demographics',
      { meetingAttendees: [] },
      'empty',
    ],
    ['blank texts only', 'intake/demographics', { clientFirstName: '  ', guardianPhone: '' }, 'empty'],
    [
      'sliders and ratings left at their defaults',
      'intake/complaint-history',
      { complaintFrequency: 5, complaintIntensity: 5, impactAcademic: 3, impactSocial: 3 },
      'empty',
    ],
    ['one name typed', 'intake/demographics', { clientFirstName: 'Elif' }, 'in_progress'],
    ['a slider moved', 'intake/complaint-history', { complaintFrequency: 7 }, 'in_progress'],
    [
      'a medication row added',
      'intake/medical-history',
      { currentMedications: [{ id: 'tmp-1' }] },
      'in_progress',
    ],
    [
      'everything but one answer',
      'intake/family-social-life',
      { ...validSections.familySocialLife, interestsHobbies: '' },
      'in_progress',
    ],
    [
      'a phone not right yet',
      'intake/demographics',
      { ...validSections.demographics, guardianPhone: '0532 123' },
      'in_progress',
    ],
    ['all answers valid', 'intake/demographics', validSections.demographics, 'complete'],
    ['all answers valid', 'intake/medical-history', validSections.medicalHistory, 'complete'],
  ])('%s (%s) is %s', (_name, form, data, expected) => {
    expect(state(form, data)).toBe(expected);
  });

  it('the tabs and the list count complete sections only, from the server states', () => {
    const states = { demographics: 'complete', complaintHistory: 'in_progress' } as const;
    expect(completeCount(states, parts)).toBe(1);
    expect(stateOf(states, 'medicalHistory')).toBe('empty');
    expect(completeCount(undefined, parts)).toBe(0);
    expect(withSavedStates(states, { complaintHistory: 'complete' })).toEqual({
      demographics: 'complete',
      complaintHistory: 'complete',
    });
  });
});

describe('the submit check', () => {
  const first = parts[0]!;
  const fullCheck = (data: Record<string, unknown>) =>
    engine.validate(first.form, first.version, data, { mode: 'full', lang: 'en' });

  it('without the server, lists the section on screen by its own check and every other not known complete', () => {
    const missing = knownMissing(
      parts,
      first,
      fullCheck({ ...validSections.demographics, clientFirstName: 'A' }),
      { complaintHistory: 'complete', medicalHistory: 'in_progress' },
      'Not complete yet',
    );
    expect(missing.map((m) => m.part.key)).toEqual(['demographics', 'medicalHistory', 'familySocialLife']);
    expect(missing[0]?.fields).toEqual([
      { path: 'clientFirstName', message: 'First name must be at least 2 characters' },
    ]);
    expect(missing[1]?.fields).toEqual([{ path: '', message: 'Not complete yet' }]);
  });

  it('without the server, lists nothing when the section on screen passes and the others are complete', () => {
    const states = Object.fromEntries(parts.map((part) => [part.key, 'complete'] as const));
    expect(knownMissing(parts, first, fullCheck(validSections.demographics), states, 'x')).toEqual([]);
  });

  it("reads the server's 422 in the same shape, in manifest order, ignoring what it does not know", () => {
    const missing = missingFromServer(parts, {
      code: 'INTAKE_INCOMPLETE',
      sections: {
        familySocialLife: { familyStructure: 'Family structure is required' },
        demographics: { birthDate: 'Birth date is required' },
        unknown: { x: 'y' },
      },
    });
    expect(missing.map((m) => m.part.key)).toEqual(['demographics', 'familySocialLife']);
    expect(missing[0]?.fields).toEqual([{ path: 'birthDate', message: 'Birth date is required' }]);
    expect(missingFromServer(parts, { code: 'VALIDATION_FAILED' })).toEqual([]);
  });
});

describe('messages a saved draft keeps', () => {
  it('are those of answered fields not right yet, never of fields left empty', () => {
    const data = {
      clientFirstName: 'Elif',
      guardianPhone: '0532 123',
      guardianEmail: '',
      meetingAttendees: [],
    };
    const errors = engine.validate('intake/demographics', 1, data, { mode: 'full', lang: 'en' });
    expect(draftHints(errors, data)).toEqual({
      guardianPhone: 'Please enter a valid phone number (e.g., +905xxxxxxxxx or 05xxxxxxxxx)',
    });
  });
});

describe('normalised values', () => {
  it('stores phones as +90 and ten digits and leaves a phone not valid yet as typed', () => {
    const data = { ...validSections.demographics, guardianPhone: '(0532) 123-45-67' };
    expect(engine.normalize('intake/demographics', 1, data).guardianPhone).toBe('+905321234567');
    const typing = { guardianPhone: '0532 12' };
    expect(engine.normalize('intake/demographics', 1, typing)).toBe(typing);
  });
});

describe('the summary and print view', () => {
  it("shows a sibling's age as a number, scales as scales", () => {
    const form = engine.registry.get('intake/family-social-life', 1);
    const groups = summarizeSection(
      form.schema,
      engine.uiSchema(form.id, 1, 'en'),
      validSections.familySocialLife,
      {
        lang: 'en',
        outOf: (value, max) => `${value} of ${max}`,
      },
    );
    const fields = groups.flatMap((g) => g.fields);
    const siblings = fields.find((f) => f.name === 'siblings')?.value;
    expect(siblings?.kind).toBe('rows');
    const age =
      siblings?.kind === 'rows' ? siblings.rows[0]?.fields.find((f) => f.name === 'age') : undefined;
    expect(age?.value).toEqual({ kind: 'text', text: '7' });
    expect(fields.find((f) => f.name === 'academicPerformance')?.value).toMatchObject({
      text: expect.stringMatching(/^3 of 5/),
    });
  });
});
