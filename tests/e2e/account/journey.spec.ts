import { tinyPdf, tinyPng } from './support/files';
import { expect, expectNoAxeViolations, PASSWORD, test, uniqueEmail } from './support/fixtures';
import { logIn, signUp, verifyByMail } from './support/flows';
import { randomNationalId } from './support/national-id';

test.describe('the whole journey @mobile', () => {
  test('sign up, verify by e-mail, log in, credentials with a diploma, profile with a photo, dashboard, log out', async ({
    page,
  }) => {
    const email = uniqueEmail('journey');
    const lastYear = String(new Date().getFullYear() - 1);

    await signUp(page, { firstName: 'Ayşe', lastName: 'Yılmaz', email }, { axe: true });
    await expect(page.getByText('Account Created Successfully!')).toBeVisible();
    const sentText = `Verification email sent to ${email}. Please check your inbox`;
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: sentText })).toBeVisible();
    // the toast announces, the banner explains: the explanation is not said twice
    await expect(page.getByText(sentText)).toHaveCount(1);
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    await expectNoAxeViolations(page, 'login after sign-up');
    // the mail's code is typed on the verification screen, one tap away
    await expect(page.getByRole('link', { name: 'Enter the code from the email' })).toHaveAttribute(
      'href',
      '/verify-email/pending',
    );

    await verifyByMail(page, email);
    await expect(page.getByText(/Taking you to sign in in \d seconds?/)).toBeVisible();
    await expectNoAxeViolations(page, 'verification success');
    await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });
    // why the password is asked again, with the address filled in
    await expect(page.getByRole('main').getByText(/does not sign you in/)).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveValue(email);

    await logIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/signup\/step2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Professional Credentials' })).toBeVisible();
    // RJSF selects carry option indexes as values: compare the chosen option's text
    await expect(page.getByLabel('Department').locator('option:checked')).toHaveText(/^Psikoloji/);
    await expect(page.getByLabel('Professional title').locator('option:checked')).toHaveText(/^Psikolog\b/);
    await expect(page.getByLabel('Graduation year').locator('option:checked')).toHaveText(lastYear);
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeDisabled();

    const university = page.getByRole('combobox', { name: /University/ });
    await university.fill('zzzz');
    await expect(page.getByText('No universities found').first()).toBeVisible();
    await university.fill('Hacettepe');
    await page.getByRole('option', { name: 'Hacettepe Üniversitesi' }).click();

    await page
      .getByLabel('Diploma')
      .setInputFiles({ name: 'diploma.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await expect(page.getByText(/Uploaded: diploma\.pdf|File uploaded/)).toBeVisible();

    await page.getByLabel('Turkish ID number').focus();
    const kvkk = page.getByRole('dialog');
    await expect(kvkk).toBeVisible();
    await expectNoAxeViolations(page, 'KVKK modal');
    await kvkk.getByRole('button', { name: 'Kabul Ediyorum' }).click();
    await page.getByLabel('Turkish ID number').fill(randomNationalId());
    await page.getByLabel('Chamber registration number').fill('PSK-2024-001');
    await expect(continueButton).toBeEnabled();
    await expectNoAxeViolations(page, 'sign-up step 2 filled');
    await continueButton.click();

    await expect(page.getByText('Credentials Saved')).toBeVisible();
    await expect(page).toHaveURL(/\/signup\/step3$/);
    await page
      .getByLabel('Profile photo')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(page.getByRole('img', { name: /^Preview of/ })).toBeVisible();
    await page.getByRole('checkbox', { name: /^EMDR/ }).check();
    await page.getByRole('checkbox', { name: /^Depresyon/ }).check();
    await page.getByLabel('Biography').fill('Çocuk ve ergenlerle çalışan klinik psikolog.');
    await expect(page.getByText('44 / 500')).toBeVisible();
    await expectNoAxeViolations(page, 'sign-up step 3 filled');
    await page.getByRole('button', { name: 'Complete Profile' }).click();

    await expect(page.getByText('Profile Complete!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ayşe' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Your profile is complete')).toBeVisible();
    await expectNoAxeViolations(page, 'dashboard');

    await page.getByRole('button', { name: /Open profile menu for Ayşe Yılmaz/ }).click();
    const menu = page
      .locator('[id]')
      .filter({ has: page.getByRole('button', { name: 'Logout' }) })
      .last();
    await expect(menu.getByText(email)).toBeVisible();
    await expect(menu.getByText('Professional Information')).toBeVisible();
    await expect(menu.getByText('Hacettepe Üniversitesi')).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Complete Registration' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'profile menu open');
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});
