import { describe, expect, it } from 'vitest';
import { formatDay, istanbulToday } from '../../../src/client/features/schedules/days';
import {
  checkDraft,
  defaultDraft,
  ruleInWords,
  type ScheduleDraft,
} from '../../../src/client/features/schedules/schedule-rule';
import { i18n } from '../../../src/client/i18n';

const TODAY = '2026-11-26';
const draft = (change: Partial<ScheduleDraft> = {}): ScheduleDraft => ({
  ...defaultDraft(TODAY, 'tr'),
  questionnaireId: 'home-routines',
  respondent: 'guardian',
  email: 'veli@example.com',
  ...change,
});

describe('the Repeat rule', () => {
  it('starts every 4 weeks from today, 6 times, with a reminder after 3 days', () => {
    expect(checkDraft(draft(), TODAY)).toEqual({
      errors: {},
      input: {
        questionnaireId: 'home-routines',
        respondent: 'guardian',
        language: 'tr',
        email: 'veli@example.com',
        everyWeeks: 4,
        startOn: TODAY,
        times: 6,
        remindAfterDays: 3,
        withCode: false,
      },
    });
  });

  it('sends until a day instead of a count, and no reminder when none is asked', () => {
    const { input } = checkDraft(
      draft({ end: 'until', until: '2027-06-30', remind: false, withCode: true }),
      TODAY,
    );
    expect(input).toMatchObject({ everyWeeks: 4, startOn: TODAY, until: '2027-06-30', withCode: true });
    expect(input).not.toHaveProperty('times');
    expect(input).not.toHaveProperty('remindAfterDays');
  });

  it('sends listed days in order, once each, and no count: they end by themselves', () => {
    const { input } = checkDraft(
      draft({ pattern: 'dates', dates: ['2027-01-07', '2026-12-03', '2027-01-07', ''] }),
      TODAY,
    );
    expect(input).toMatchObject({ dates: ['2026-12-03', '2027-01-07'] });
    expect(input).not.toHaveProperty('times');
    expect(input).not.toHaveProperty('everyWeeks');
    expect(input).not.toHaveProperty('startOn');
    expect(input).not.toHaveProperty('until');
  });

  it.each<[string, Partial<ScheduleDraft>, Record<string, string>]>([
    ['no e-mail', { email: '  ' }, { email: 'emailMissing' }],
    ['an e-mail without a domain', { email: 'veli@' }, { email: 'emailInvalid' }],
    ['no respondent', { respondent: '' }, { respondent: 'respondent' }],
    ['0 weeks', { everyWeeks: '0' }, { everyWeeks: 'everyWeeks' }],
    ['53 weeks', { everyWeeks: '53' }, { everyWeeks: 'everyWeeks' }],
    ['2.5 weeks', { everyWeeks: '2.5' }, { everyWeeks: 'everyWeeks' }],
    ['a start yesterday', { startOn: '2026-11-25' }, { startOn: 'startOnPast' }],
    ['no start', { startOn: '' }, { startOn: 'startOnMissing' }],
    ['a start on 30 February', { startOn: '2027-02-30' }, { startOn: 'startOnMissing' }],
    ['0 times', { times: '0' }, { times: 'times' }],
    ['261 times', { times: '261' }, { times: 'times' }],
    ['no last day', { end: 'until', until: '' }, { until: 'untilMissing' }],
    [
      'a last day before the start',
      { end: 'until', startOn: '2026-12-10', until: '2026-12-10' },
      { until: 'untilBeforeStart' },
    ],
    ['no listed day', { pattern: 'dates', dates: [''] }, { dates: 'datesMissing' }],
    [
      'a listed day in the past',
      { pattern: 'dates', dates: ['2026-12-01', '2026-11-01'] },
      { dates: 'datesPast' },
    ],
    [
      '53 listed days',
      {
        pattern: 'dates',
        dates: Array.from(
          { length: 53 },
          (_, i) =>
            `2027-${String(1 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
        ),
      },
      { dates: 'datesTooMany' },
    ],
    ['a reminder after 15 days', { remindAfterDays: '15' }, { remindAfterDays: 'remindAfterDays' }],
  ])('refuses %s, saying so under the field', (_, change, errors) => {
    const result = checkDraft(draft(change), TODAY);
    expect(result.errors).toEqual(errors);
    expect(result.input).toBeUndefined();
  });

  it('ignores the count and last day of a rule that does not use them', () => {
    expect(
      checkDraft(draft({ pattern: 'dates', dates: [TODAY], times: 'x', until: 'x' }), TODAY).errors,
    ).toEqual({});
    expect(checkDraft(draft({ end: 'until', until: '2027-01-01', times: '' }), TODAY).errors).toEqual({});
    expect(checkDraft(draft({ remind: false, remindAfterDays: '' }), TODAY).errors).toEqual({});
  });
});

describe('a schedule in words', () => {
  const every = { everyWeeks: 4, startOn: '2026-11-26', dates: null, times: 6, until: null };
  it.each<['en' | 'tr', Parameters<typeof ruleInWords>[0], string]>([
    ['en', every, 'Every 4 weeks from 26 November 2026, 6 times'],
    ['tr', every, '26 Kasım 2026 tarihinden itibaren 4 haftada bir, 6 kez'],
    [
      'en',
      { ...every, everyWeeks: 1, times: null, until: '2027-03-01' },
      'Every week from 26 November 2026, until 1 March 2027',
    ],
    [
      'tr',
      { ...every, everyWeeks: 1, times: null, until: '2027-03-01' },
      '26 Kasım 2026 tarihinden itibaren her hafta, 1 Mart 2027 tarihine kadar',
    ],
    [
      'en',
      { ...every, everyWeeks: null, dates: ['2026-12-03', '2027-01-07'], times: 2 },
      'On 3 December 2026 and 7 January 2027',
    ],
    [
      'tr',
      { ...every, everyWeeks: null, dates: ['2026-12-03', '2027-01-07'], times: 2 },
      '3 Aralık 2026 ve 7 Ocak 2027 tarihlerinde',
    ],
  ])('%s: %s', async (lang, schedule, words) => {
    await i18n.loadNamespaces('schedules');
    const t = i18n.getFixedT(lang, 'schedules');
    expect(ruleInWords(schedule, t, lang)).toBe(words);
  });
});

describe('Istanbul days', () => {
  it("are Istanbul's calendar day, whatever the device says", () => {
    // 22:30 UTC is already the next day in Istanbul (UTC+3)
    expect(istanbulToday(new Date('2026-11-26T22:30:00Z'))).toBe('2026-11-27');
    expect(istanbulToday(new Date('2026-11-26T20:30:00Z'))).toBe('2026-11-26');
  });
  it('are written as they are, not shifted', () => {
    expect(formatDay('2026-01-01', 'tr')).toBe('1 Ocak 2026');
    expect(formatDay('2026-12-31', 'en')).toBe('31 December 2026');
    expect(formatDay('2026-02-30', 'en')).toBe('');
  });
});
