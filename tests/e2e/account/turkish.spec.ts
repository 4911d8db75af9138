import { tinyPdf } from './support/files';
import {
  expect,
  expectNoAxeViolations,
  latestMail,
  PASSWORD,
  pathOf,
  test,
  uniqueEmail,
} from './support/fixtures';
import { randomNationalId } from './support/national-id';

test.describe('the journey key screens in Turkish', () => {
  test('sign-up, verification, sign-in, step 2 and the dashboard speak Turkish', async ({ page }) => {
    const email = uniqueEmail('turkce');
    await page.goto('/login');
    await page.getByRole('button', { name: 'TR Türkçe' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await expect(page.getByRole('heading', { level: 1, name: 'Hesabınıza giriş yapın' })).toBeVisible();
    await expectNoAxeViolations(page, 'login tr');

    await page.getByRole('link', { name: 'Kayıt olun' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hesabınızı oluşturun' })).toBeVisible();
    await expect(page.getByText('Adım 1 / 3')).toBeVisible();
    await page.getByLabel('Ad', { exact: true }).fill('Zeynep');
    await page.getByLabel('Soyad').fill('Çelik');
    await page.getByLabel('E-posta adresi').fill(email);
    await expect(page.getByText('E-posta adresi kullanılabilir')).toBeVisible();
    await page.getByLabel('Şifre', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Şifre (tekrar)').fill(PASSWORD);
    await page.getByRole('link', { name: 'Kullanım Koşulları', exact: true }).click();
    const terms = page.getByRole('dialog', { name: 'Kullanım Koşulları' });
    await expect(terms.getByText(/en fazla 10 yıl/)).toBeVisible();
    await expect(terms.getByText(/30 gün içinde/)).toBeVisible();
    await expectNoAxeViolations(page, 'terms modal tr');
    await page.keyboard.press('Escape');
    await expect(terms).toBeHidden();
    await expect(page.getByRole('link', { name: 'Kullanım Koşulları', exact: true })).toBeFocused();
    await page.getByLabel('Kullanım Koşulları’nı kabul ediyorum').check();
    await page.getByLabel('Gizlilik Politikası’nı kabul ediyorum').check();
    await expectNoAxeViolations(page, 'sign-up tr');
    await page.getByRole('button', { name: 'Devam et' }).click();
    await expect(page.getByText('Hesabınız Oluşturuldu!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    const mail = await latestMail(page, email, '/verify-email?token=');
    await page.goto(pathOf(mail.link));
    await expect(page.getByRole('heading', { level: 1, name: 'E-posta doğrulandı' })).toBeVisible();
    await expectNoAxeViolations(page, 'verified tr');
    await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

    await page.getByLabel('E-posta adresi').fill(email);
    await page.getByLabel('Şifre', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Giriş yap' }).click();
    await expect(page).toHaveURL(/\/signup\/step2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mesleki Belgeler' })).toBeVisible();
    await page.getByRole('combobox', { name: /Üniversite/ }).fill('Boğaziçi');
    await page.getByRole('option', { name: 'Boğaziçi Üniversitesi' }).click();
    await page
      .getByLabel('Diploma')
      .setInputFiles({ name: 'diploma.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await expect(page.getByText(/Yüklendi: diploma\.pdf|Dosya yüklendi/)).toBeVisible();
    await page.getByLabel('T.C. Kimlik Numarası').focus();
    await page.getByRole('dialog').getByRole('button', { name: 'Kabul Ediyorum' }).click();
    await page.getByLabel('T.C. Kimlik Numarası').fill(randomNationalId());
    await expectNoAxeViolations(page, 'step 2 tr');
    await page.getByRole('button', { name: 'Devam et' }).click();
    await expect(page.getByText('Belgeler Kaydedildi')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /Profilinizi Tamamlayın/ })).toBeVisible();
    await page.getByRole('button', { name: 'Şimdilik atla' }).click();
    await expect(page.getByText('Profil Oluşturma Tamamlandı')).toBeVisible();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hoş geldiniz, Zeynep' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Profil Tamamlandı')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Danışanlar' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'dashboard tr');
  });
});
