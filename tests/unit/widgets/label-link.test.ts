import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/signup/personal-information.json';
import tr from '../../../locales/tr/signup/personal-information.json';
import { plainLabel, splitLinkedLabel } from '../../../src/client/forms/widgets/label-link';

describe('a checkbox label with a link', () => {
  it.each([
    [
      'I accept the [Terms and Conditions]',
      { before: 'I accept the ', link: 'Terms and Conditions', after: '' },
    ],
    [
      '[Kullanım Koşulları]’nı kabul ediyorum',
      { before: '', link: 'Kullanım Koşulları', after: '’nı kabul ediyorum' },
    ],
    ['No link here', { before: 'No link here', after: '' }],
    ['Two [a] and [b]', { before: 'Two [a] and [b]', after: '' }],
  ])('splits %j', (label, parts) => {
    expect(splitLinkedLabel(label)).toEqual(parts);
  });

  it('reads as plain words without the brackets', () => {
    expect(plainLabel('[Gizlilik Politikası]’nı kabul ediyorum')).toBe(
      'Gizlilik Politikası’nı kabul ediyorum',
    );
  });

  it.each([
    ['en', en],
    ['tr', tr],
  ])('marks the policy words of the sign-up consent labels in %s', (_lang, texts) => {
    expect(splitLinkedLabel(texts.acceptTerms.label).link).toBeDefined();
    expect(splitLinkedLabel(texts.acceptPrivacyPolicy.label).link).toBeDefined();
  });
});
