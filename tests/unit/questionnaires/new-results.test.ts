import { describe, expect, it } from 'vitest';
import {
  attentionByClient,
  attentionCounts,
  attentionResponses,
  newResultsByClient,
  newResultsTarget,
} from '../../../src/client/features/patients/new-results';
import { attentionItem } from '../../fixtures/attention';

const A = '0b8c7e36-4f4a-4d6e-9a51-1c2d3e4f5a6b';
const B = '5d1f2a3b-7c8d-4e9f-8a0b-1c2d3e4f5a6c';

describe('the new-results marker of each client on the Patients list', () => {
  it("carries each client's own count", () => {
    const byClient = newResultsByClient({
      count: 3,
      clients: [
        { clientId: A, count: 2 },
        { clientId: B, count: 1 },
      ],
      attention: [],
    });
    expect(byClient.get(A)).toBe(2);
    expect(byClient.get(B)).toBe(1);
  });

  it('marks no client before the answer has come, nor one whose count is 0', () => {
    expect(newResultsByClient(undefined).size).toBe(0);
    expect(newResultsByClient({ count: 0, clients: [{ clientId: A, count: 0 }], attention: [] }).has(A)).toBe(
      false,
    );
  });
});

describe('where the dashboard notice of new results leads', () => {
  it('goes straight to the client when only one has new results', () => {
    expect(newResultsTarget({ count: 2, clients: [{ clientId: A, count: 2 }], attention: [] })).toBe(
      `/patients/${A}`,
    );
  });

  it('goes to the Patients list when several clients have new results', () => {
    const view = {
      count: 2,
      clients: [
        { clientId: A, count: 1 },
        { clientId: B, count: 1 },
      ],
      attention: [],
    };
    expect(newResultsTarget(view)).toBe('/patients');
  });
});

describe('alerts that need attention', () => {
  const view = (attention: Array<{ clientId: string; responseId: string }>) => ({
    count: 0,
    clients: [],
    attention: attention.map((a) => attentionItem(a.clientId, a.responseId)),
  });

  it('are counted per client and known by response', () => {
    const v = view([
      { clientId: A, responseId: 'r1' },
      { clientId: A, responseId: 'r2' },
      { clientId: B, responseId: 'r3' },
    ]);
    expect(attentionByClient(v).get(A)).toBe(2);
    expect(attentionByClient(v).get(B)).toBe(1);
    expect([...attentionResponses(v)]).toEqual(['r1', 'r2', 'r3']);
    expect(attentionByClient(undefined).size).toBe(0);
  });

  it('are counted by level, and the counts fall as alerts are handled', () => {
    const items = [
      attentionItem(A, 'r1'),
      attentionItem(A, 'r2', { level: 'review', flagId: 'worryVeryHigh' }),
      attentionItem(B, 'r3', { kind: 'unanswered', level: 'review', flagId: null }),
    ];
    expect(attentionCounts(items)).toEqual({ urgent: 1, review: 2 });
    expect(attentionCounts(items.slice(1))).toEqual({ urgent: 0, review: 2 });
    expect(attentionCounts([])).toEqual({ urgent: 0, review: 0 });
  });
});
