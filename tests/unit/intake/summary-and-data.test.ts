import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sameData, sectionFields, withRowIds } from '../../../src/client/features/intake/form-data';
import { summarizeSection } from '../../../src/client/features/intake/summary-model';
import { formatIsoDate, formatSavedAt } from '../../../src/client/lib/format-time';
import type { Lang } from '../../../src/forms';
import { loadEngine, ROOT_DIR } from '../../../src/forms/node';
import { validSections } from '../../fixtures/intake/sections';

const engine = loadEngine({
  schemasDir: path.join(ROOT_DIR, 'schemas'),
  localesDir: path.join(ROOT_DIR, 'locales'),
});

function summary(formId: string, data: Record<string, unknown>, lang: Lang) {
  const form = engine.registry.get(formId, 1);
  const groups = summarizeSection(form.schema, engine.uiSchema(formId, 1, lang), data, {
    lang,
    outOf: (value, max) => `${value}/${max}`,
  });
  return Object.fromEntries(groups.flatMap((g) => g.fields.map((f) => [f.name, f.value])));
}

describe('the summary of a section', () => {
  it('shows option labels, dates and lists in the chosen language', () => {
    const en = summary(
      'intake/demographics',
      { ...validSections.demographics, birthDate: '2014-03-09' },
      'en',
    );
    expect(en.gender).toEqual({ kind: 'text', text: 'Female' });
    expect(en.gradeLevel).toEqual({ kind: 'text', text: '5th Grade' });
    expect(en.birthDate).toEqual({ kind: 'text', text: '9 March 2014' });
    expect(en.meetingAttendees).toEqual({ kind: 'list', items: ['Client', 'Mother'] });
    const tr = summary(
      'intake/demographics',
      { ...validSections.demographics, birthDate: '2014-03-09' },
      'tr',
    );
    expect(tr.birthDate).toEqual({ kind: 'text', text: '9 Mart 2014' });
    expect(tr.gender).not.toEqual(en.gender);
  });

  it('shows scales out of their maximum with the label of a marked stop', () => {
    const values = summary(
      'intake/complaint-history',
      { ...validSections.complaintHistory, complaintFrequency: 10 },
      'en',
    );
    expect(values.complaintFrequency).toEqual({ kind: 'text', text: '10/10 – Constantly' });
    expect(values.complaintIntensity).toEqual({ kind: 'text', text: '6/10' });
    expect(values.impactAcademic).toEqual({ kind: 'text', text: '4/5' });
  });

  it('shows repeating rows by their row label, without the hidden ids, and unanswered fields as empty', () => {
    const values = summary(
      'intake/medical-history',
      { currentMedications: validSections.medicalHistory.currentMedications },
      'en',
    );
    expect(values.currentMedications).toEqual({
      kind: 'rows',
      rows: [
        {
          title: 'Medication 1',
          fields: [
            { name: 'name', label: 'Medication name', value: { kind: 'text', text: 'Cetirizine' } },
            { name: 'dosage', label: 'Dosage', value: { kind: 'text', text: '5 mg' } },
            { name: 'frequency', label: 'Frequency', value: { kind: 'text', text: 'Once a day' } },
          ],
        },
      ],
    });
    expect(values.prenatalPostnatalHistory).toEqual({ kind: 'empty' });
    expect(values.developmentalMilestones).toEqual({ kind: 'list', items: [] });
  });

  it('keeps the groups of the form in order', () => {
    const form = engine.registry.get('intake/family-social-life', 1);
    const groups = summarizeSection(
      form.schema,
      engine.uiSchema(form.id, 1, 'en'),
      validSections.familySocialLife,
      {
        lang: 'en',
        outOf: String,
      },
    );
    expect(groups.map((g) => g.title)).toEqual(['Family', 'School Life', 'Social Life']);
  });
});

describe('form data helpers', () => {
  it('compares data whatever the key order, ignoring undefined', () => {
    expect(
      sameData(
        { b: 1, a: { d: [1, { y: 1, x: 2 }], c: undefined } },
        { a: { d: [1, { x: 2, y: 1 }] }, b: 1 },
      ),
    ).toBe(true);
    expect(
      sameData(
        { a: { d: [1, { x: 2, y: 1 }] }, b: 1 },
        { b: 1, a: { d: [1, { y: 1, x: 2 }], c: undefined } },
      ),
    ).toBe(true);
    expect(sameData({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameData({ a: [1, 2] }, { a: [1, 2, 3] })).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameData({ a: [] }, { a: {} })).toBe(false);
  });

  it('gives new medication and sibling rows a temporary id and keeps existing ones', () => {
    const form = engine.registry.get('intake/family-social-life', 1);
    const data = {
      siblings: [
        { id: 'tmp-kept', name: 'A' },
        { name: 'B', age: 0 },
      ],
    };
    const next = withRowIds(form, data);
    const siblings = next.siblings as { id: string }[];
    expect(siblings[0]?.id).toBe('tmp-kept');
    expect(siblings[1]?.id).toMatch(/^tmp-/);
    expect(withRowIds(form, next)).toBe(next);
  });

  it("takes a section's own messages out of the server's fields", () => {
    expect(
      sectionFields(
        {
          'medicalHistory.currentMedications.0.name': 'Medication name is required',
          'demographics.gender': 'x',
          medicalHistory: 'y',
        },
        'medicalHistory',
      ),
    ).toEqual({ 'currentMedications.0.name': 'Medication name is required', '': 'y' });
  });

  it('says when it was saved: the time today, the date too on other days', () => {
    const now = new Date(2026, 10, 22, 15, 0);
    expect(formatSavedAt(new Date(2026, 10, 22, 9, 5), 'en', now)).toBe('09:05');
    expect(formatSavedAt(new Date(2026, 10, 21, 9, 5), 'tr', now)).toMatch(/21 Kasım 2026.*09:05/);
    expect(formatIsoDate('2014-03-09', 'en')).toBe('9 March 2014');
  });
});
