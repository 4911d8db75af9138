// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { forRecord, pgQueryOf, type Statement } from '../../../bench/lib/statement';

const captured = { id: 'rec-a', userId: 'user-a', version: 7 };
const save: Statement[] = [
  { text: 'select 1 where token_hash = $1', parameters: ['hash'], name: 'q0' },
  {
    text: 'update … where id = $1 and practitioner_id = $2 and version = $3',
    parameters: ['rec-a', 'user-a', 7, 'v1.sealed', 3],
  },
];

/** The raw SQL and the HTTP floor send a captured save again for records of their own (ADR 133, 162). */
describe('a captured save for another record', () => {
  it('takes the other record’s id, practitioner and version, and keeps every other parameter', () => {
    const other = forRecord(save, captured, { id: 'rec-b', userId: 'user-b', version: 12 });
    expect(other[0]).toEqual(save[0]);
    expect(other[1]?.parameters).toEqual(['rec-b', 'user-b', 12, 'v1.sealed', 3]);
    expect(other[1]?.text).toBe(save[1]?.text);
  });

  it('sends an unversioned save as null', () => {
    expect(
      forRecord(save, captured, { id: 'rec-b', userId: 'user-b', version: null })[1]?.parameters[2],
    ).toBeNull();
  });

  it('leaves the captured statements as they were', () => {
    forRecord(save, captured, { id: 'rec-b', userId: 'user-b', version: 1 });
    expect(save[1]?.parameters).toEqual(['rec-a', 'user-a', 7, 'v1.sealed', 3]);
  });

  it('prepares a statement under the server’s name, and only then', () => {
    expect(pgQueryOf(save[0] as Statement)).toEqual({ name: 'q0', text: save[0]?.text, values: ['hash'] });
    expect(pgQueryOf(save[1] as Statement)).not.toHaveProperty('name');
  });
});
