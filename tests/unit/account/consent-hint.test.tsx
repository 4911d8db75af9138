import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/account-pages.json';
import tr from '../../../locales/tr/account-pages.json';
import { ConsentHint } from '../../../src/client/features/signup/consent-hint';

describe('the KVKK hint under sign-up step 2', () => {
  it.each([
    ['en', en.signup.step2.consentMissing, /above, just after the Turkish ID number/],
    ['tr', tr.signup.step2.consentMissing, /Yukarıda, T\.C\. kimlik numarasının hemen altındaki/],
  ])('in %s names where the box is: above the hint, right after the ID number', (_lang, text, where) => {
    expect(text).toMatch(where);
    expect(text).not.toMatch(/below|aşağıdaki/);
  });

  it('links to the KVKK box and moves focus to it', async () => {
    render(
      <>
        <input type="checkbox" id="root_kvkkConsent" aria-label="KVKK" />
        <ConsentHint id="kvkk-hint" text={en.signup.step2.consentMissing} />
      </>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'KVKK consent box' }));
    expect(screen.getByRole('checkbox', { name: 'KVKK' })).toHaveFocus();
  });
});
