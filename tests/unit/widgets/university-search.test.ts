import { describe, expect, it } from 'vitest';
import aliases from '../../../schemas/signup/professional-credentials/university-aliases.json';
import ui from '../../../schemas/signup/professional-credentials/v1.ui.json';
import { searchEntries, searchKey } from '../../../src/client/forms/widgets/search-key';

const universities = ui.university['ui:options'].suggestions;
const entries = universities.map((name) => ({
  item: name,
  keys: [name, ...((aliases as Record<string, string[]>)[name] ?? [])].map(searchKey),
}));
const find = (query: string) => searchEntries(entries, query);

describe('university search on sign-up step 2', () => {
  it.each([
    ['bogazici', 'Boğaziçi Üniversitesi'],
    ['BOĞAZİÇİ', 'Boğaziçi Üniversitesi'],
    ['ODTU', 'Orta Doğu Teknik Üniversitesi'],
    ['odtü', 'Orta Doğu Teknik Üniversitesi'],
    ['METU', 'Orta Doğu Teknik Üniversitesi'],
    ['itu', 'İstanbul Teknik Üniversitesi'],
    ['ITU', 'İstanbul Teknik Üniversitesi'],
    ['İTÜ', 'İstanbul Teknik Üniversitesi'],
    ['BOUN', 'Boğaziçi Üniversitesi'],
    ['bilkent', 'İhsan Doğramacı Bilkent Üniversitesi'],
    ['katip celebi', 'İzmir Kâtip Çelebi Üniversitesi'],
    ['bezmialem', 'Bezmiâlem Vakıf Üniversitesi'],
    ['cukurova', 'Çukurova Üniversitesi'],
    ['sirnak', 'Şırnak Üniversitesi'],
  ])('%j finds %s', (query, university) => {
    expect(find(query)).toContain(university);
  });

  it('short names do not drown a precise search', () => {
    expect(find('ODTU')).toEqual(['Orta Doğu Teknik Üniversitesi']);
    expect(find('METU')).toEqual(['Orta Doğu Teknik Üniversitesi']);
  });

  it('the aliases file names only universities of the list, and no short name twice', () => {
    const names = Object.keys(aliases);
    expect(names.filter((name) => !universities.includes(name))).toEqual([]);
    const all = Object.values(aliases as Record<string, string[]>)
      .flat()
      .map(searchKey);
    expect(all.filter((alias, index) => all.indexOf(alias) !== index)).toEqual([]);
  });
});
