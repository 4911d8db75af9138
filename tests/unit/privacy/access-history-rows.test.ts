import { describe, expect, it } from 'vitest';
import { accessRows } from '../../../src/client/features/access-history/access-history-rows';
import { i18n } from '../../../src/client/i18n';

const entry = (action: string, actorKind: 'practitioner' | 'link' = 'practitioner') => ({
  id: '1',
  at: '2026-11-23T10:00:00.000Z',
  action,
  actorKind,
  recordType: 'intake',
  address: '203.0.113.9',
  byMe: actorKind === 'practitioner',
});

describe('the access history’s rows', () => {
  it.each([
    ['en', 'read', 'Opened'],
    ['en', 'print', 'Printed'],
    ['en', 'export', 'Exported'],
    ['tr', 'read', 'Açıldı'],
    ['tr', 'change', 'Değiştirildi'],
    ['tr', 'delete', 'Silindi'],
    ['en', 'pause', 'Paused'],
    ['tr', 'stop', 'Durduruldu'],
    ['tr', 'cancel', 'İptal edildi'],
  ])('names the %s action "%s" as "%s"', async (lang, action, words) => {
    await i18n.loadNamespaces('privacy');
    await i18n.loadLanguages(lang);
    const t = i18n.getFixedT(lang, 'privacy');
    const [row] = accessRows([entry(action)]);
    expect(t(row!.actionKey!)).toBe(words);
  });

  it('shows an action it has no words for as the action itself, and a respondent link as such', () => {
    const [row] = accessRows([entry('score', 'link')]);
    expect(row!.actionKey).toBeUndefined();
    expect(row!.action).toBe('score');
    expect(row!.whoKey).toBe('history.link');
    expect(accessRows([{ ...entry('read'), address: null }])[0]!.address).toBe('—');
  });

  it.each([
    ['en', 'questionnaire-response', 'Questionnaire response'],
    ['tr', 'questionnaire-results', 'Ölçek sonuçları'],
    ['tr', 'intake', 'Ön görüşme kaydı'],
  ])('names the %s record kind %s', async (lang, recordType, words) => {
    await i18n.loadNamespaces('privacy');
    await i18n.loadLanguages(lang);
    const t = i18n.getFixedT(lang, 'privacy');
    const [row] = accessRows([{ ...entry('read'), recordType }]);
    expect(t(row!.recordKey!)).toBe(words);
    expect(accessRows([{ ...entry('read'), recordType: 'later-kind' }])[0]!.recordKey).toBeUndefined();
  });
});
