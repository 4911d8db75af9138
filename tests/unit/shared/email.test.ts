import { normalizeEmail } from '../../../src/shared';

describe('normalizeEmail (client and server alike)', () => {
  it.each([
    ['  Ayse@Example.COM ', 'ayse@example.com'],
    ['ayse@example.com', 'ayse@example.com'],
    ['\tAYSE.YILMAZ@EXAMPLE.COM\n', 'ayse.yilmaz@example.com'],
  ])('stores %j as %j', (typed, stored) => {
    expect(normalizeEmail(typed)).toBe(stored);
  });
});
