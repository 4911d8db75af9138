import { describe, expect, it } from 'vitest';
import { newResultsByClient, newResultsTarget } from '../../../src/client/features/patients/new-results';

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
    });
    expect(byClient.get(A)).toBe(2);
    expect(byClient.get(B)).toBe(1);
  });

  it('marks no client before the answer has come, nor one whose count is 0', () => {
    expect(newResultsByClient(undefined).size).toBe(0);
    expect(newResultsByClient({ count: 0, clients: [{ clientId: A, count: 0 }] }).has(A)).toBe(false);
  });
});

describe('where the dashboard notice of new results leads', () => {
  it('goes straight to the client when only one has new results', () => {
    expect(newResultsTarget({ count: 2, clients: [{ clientId: A, count: 2 }] })).toBe(`/patients/${A}`);
  });

  it('goes to the Patients list when several clients have new results', () => {
    const view = {
      count: 2,
      clients: [
        { clientId: A, count: 1 },
        { clientId: B, count: 1 },
      ],
    };
    expect(newResultsTarget(view)).toBe('/patients');
  });
});
