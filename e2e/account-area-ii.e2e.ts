import { fillPath, kycEndpoints as K, messages, notificationEndpoints as N } from '@portico/contracts';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { DESKTOP, launchBrowser, PHONE, type RunningServer, screenshotPath, startServer } from './harness.js';
import {
  chooseFileWithKeys,
  chooseWithArrows,
  focusField,
  menuItemWithKeys,
  pickWithKeys,
  pressWithKeys,
  tabTo,
  typeWithKeys,
} from './keyboard.js';
import { productApi, productClientsFile } from './products.js';
import { registerByApi, signInToPortal, storedSub } from './signin.js';

// Account area II (issue 28) in Chromium, with a product of the platform calling the back-office
// API with its client-credentials token beside the person's pages.

const vi = messages['vi-VN'];
const en = messages['en-US'];

/** The signed-in person's id (the ID token's sub oidc-client-ts keeps). */

describe('account area II', () => {
  let server: RunningServer;
  let browser: Browser;
  let product: Awaited<ReturnType<typeof productApi>>;
  beforeAll(async () => {
    const clients = await productClientsFile(['notifications:read', 'notifications:write', 'kyc:review']);
    [server, browser] = await Promise.all([
      startServer({ CAPTCHA_PROVIDER: 'none', OIDC_CLIENTS_FILE: clients }),
      launchBrowser(),
    ]);
    product = await productApi(server, 'notifications:read notifications:write');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('notification settings: a product registers a block and modules, the person switches channels with the keyboard, the product reads them', async () => {
    const put = (path: string, body: object) => product('PUT', path, body);
    expect(
      (
        await put(fillPath(N.putBlock.path, { blockId: 'lms' }), {
          name: 'LMS',
          title: { vi: 'Học trực tuyến', en: 'Online learning' },
        })
      ).status,
    ).toBe(200);
    for (const [moduleName, blockId, titleVi, titleEn, defaults] of [
      ['course_update', 'lms', 'Cập nhật khoá học', 'Course updates', undefined],
      ['grades', 'lms', 'Điểm số', 'Grades', ['email']],
      ['security_news', null, 'Tin bảo mật', 'Security news', undefined],
    ] as const) {
      const res = await put(fillPath(N.putModule.path, { moduleName }), {
        blockId,
        title: { vi: titleVi, en: titleEn },
        ...(defaults ? { defaultChannels: defaults } : {}),
      });
      expect(res.status).toBe(200);
    }

    // Vietnamese on a phone: open a module, turn one channel off, update.
    await registerByApi(server, 'notify.person@example.com', 'Notify@2026x');
    const phone = await (await browser.newContext({ viewport: PHONE })).newPage();
    await signInToPortal(phone, server, vi, '', 'notify.person@example.com', 'Notify@2026x');
    const sub = await storedSub(phone);
    await phone.goto(`${server.url}/notification`);
    await phone.getByRole('heading', { level: 2, name: 'Học trực tuyến' }).waitFor();
    await pressWithKeys(phone, phone.getByRole('button', { name: /Cập nhật khoá học/ }));
    const channels = phone.getByRole('group', {
      name: vi.notification_channels_named.replace('{{name}}', 'Cập nhật khoá học'),
    });
    // Playwright waits for the opening panel to stand still before pressing the switch.
    const web = channels.getByRole('switch', { name: vi.notification_channel_web });
    await tabTo(phone, web);
    await phone.keyboard.press('Space');
    expect(await web.isChecked()).toBe(false);
    await phone.getByText('Email · Trong ứng dụng').waitFor();
    await phone.screenshot({ path: screenshotPath('notification-vi-390'), fullPage: true });
    expect(await axeViolations(phone)).toEqual([]);
    await pressWithKeys(phone, phone.getByRole('button', { name: vi.common_update, exact: true }));
    await phone.getByText(vi.update_success).waitFor();
    const read = await product<{ items: { moduleName: string; notificationGroup: string[] }[] }>(
      'GET',
      fillPath(N.userChoices.path, { userId: sub }),
    );
    expect(read.status).toBe(200);
    expect(Object.fromEntries(read.result.items.map((i) => [i.moduleName, i.notificationGroup]))).toEqual({
      security_news: ['email', 'web', 'app'],
      course_update: ['email', 'app'],
      grades: ['email'],
    });

    // English on a computer: the master switch turns everything off.
    const desk = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
    await signInToPortal(desk, server, en, '/en-us', 'notify.person@example.com', 'Notify@2026x');
    await desk.goto(`${server.url}/en-us/notification`);
    await desk.getByRole('heading', { level: 2, name: 'Online learning' }).waitFor();
    await desk.getByText('E-mail · In the app').waitFor();
    await tabTo(desk, desk.getByRole('switch', { name: new RegExp(en.notification_master_switch) }));
    await desk.keyboard.press('Space');
    await desk.getByText(en.notification_channels_none, { exact: true }).first().waitFor();
    await desk.screenshot({ path: screenshotPath('notification-en-1280'), fullPage: true });
    expect(await axeViolations(desk)).toEqual([]);
    await pressWithKeys(desk, desk.getByRole('button', { name: en.common_update, exact: true }));
    await desk.getByText(en.update_success).waitFor();
    const after = await product<{ items: { notificationGroup: string[] }[] }>(
      'GET',
      fillPath(N.userChoices.path, { userId: sub }),
    );
    expect(after.result.items.map((i) => i.notificationGroup)).toEqual([[], [], []]);
    await desk.screenshot({ path: screenshotPath('notification-en-1280-saved'), fullPage: true });
    for (const [page, name] of [
      [phone, 'notification-vi-1280'],
      [desk, 'notification-en-390'],
    ] as const) {
      await page.setViewportSize(name.endsWith('390') ? PHONE : DESKTOP);
      await page.reload();
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await page.screenshot({ path: screenshotPath(name), fullPage: true });
    }
  });

  it('address book: a two-tier and a three-tier address, the second made the default, the first deleted, with the keyboard alone', async () => {
    await registerByApi(server, 'address.person@example.com', 'Address@2026x', 'Lan');
    const page = await (await browser.newContext({ viewport: PHONE })).newPage();
    await signInToPortal(page, server, vi, '', 'address.person@example.com', 'Address@2026x');
    await page.goto(`${server.url}/account/address`);
    await page.getByText(vi.address_empty).waitFor();
    await page.screenshot({ path: screenshotPath('address-empty-vi-390'), fullPage: true });

    /** Picks `name` in the select labelled `label` (typing first when it has a search box). */
    const pick = (label: string, name: string) =>
      pickWithKeys(
        page,
        page
          .getByRole('textbox', { name: label })
          .or(page.getByLabel(label, { exact: true }))
          .first(),
        name,
        name,
      );

    // Two-tier (the default for a new address): the name comes prefilled from the account.
    await pressWithKeys(page, page.getByRole('link', { name: vi.address_add }));
    await page.waitForURL(/\/account\/address\/0$/);
    await expect.poll(() => page.getByLabel(vi.address_name_label).inputValue()).toBe('Tester Lan');
    await typeWithKeys(page, page.getByLabel(vi.address_phone_label), '0912345678');
    await pick(vi.address_province_label, 'Thành phố Hà Nội');
    await pick(vi.address_ward_label, 'Phường Ba Đình');
    await typeWithKeys(page, page.getByLabel(vi.address_details_label), '12 Phan Đình Phùng');
    await page.screenshot({ path: screenshotPath('address-form-vi-390'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await pressWithKeys(page, page.getByRole('button', { name: vi.address_add }));
    await page.getByText(vi.address_noti_add).waitFor();
    await page.waitForURL(/\/account\/address$/);

    // Three-tier: province, district, ward; a company address.
    await pressWithKeys(page, page.getByRole('link', { name: vi.address_add }));
    await typeWithKeys(page, page.getByLabel(vi.address_phone_label), '0987654321');
    const scheme3 = page.getByRole('radio', { name: vi.address_scheme_3 });
    await chooseWithArrows(page, page.getByRole('radiogroup').filter({ has: scheme3 }), scheme3);
    await pick(vi.address_province_label, 'Thành phố Hà Nội');
    await pick(vi.address_district_label, 'Quận Ba Đình');
    await pick(vi.address_ward_label, 'Phường Phúc Xá');
    await typeWithKeys(page, page.getByLabel(vi.address_details_label), '1 Hoàng Diệu');
    const company = page.getByRole('radio', { name: vi.address_type_company });
    await chooseWithArrows(page, page.getByRole('radiogroup').filter({ has: company }), company);
    await pressWithKeys(page, page.getByRole('button', { name: vi.address_add }));
    await page.getByText(vi.address_noti_add).waitFor();
    await page.waitForURL(/\/account\/address$/);
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBe(2);
    await page.getByText('1 Hoàng Diệu, Phường Phúc Xá, Quận Ba Đình, Thành phố Hà Nội').waitFor();

    // The three-tier one becomes the default (it is the newest, listed second: the default leads).
    await pressWithKeys(
      page,
      page.getByRole('link', { name: vi.address_edit_named.replace('{{name}}', 'Tester Lan') }).nth(1),
    );
    await page.waitForURL(/\/account\/address\/\d+$/);
    await expect.poll(() => page.getByLabel(vi.address_details_label).inputValue()).not.toBe('');
    expect(await page.getByLabel(vi.address_details_label).inputValue()).toBe('1 Hoàng Diệu');
    await tabTo(page, page.getByLabel(vi.address_default_label));
    await page.keyboard.press('Space');
    await pressWithKeys(page, page.getByRole('button', { name: vi.common_update }));
    await page.getByText(vi.address_noti_edit).waitFor();
    await page.waitForURL(/\/account\/address$/);
    const first = cards.first();
    await first.getByText('1 Hoàng Diệu', { exact: false }).waitFor();
    await first.getByText(vi.address_default_badge).waitFor();
    await page.screenshot({ path: screenshotPath('address-list-vi-390'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // The default has no delete; the other is deleted after the confirmation.
    expect(
      await first.getByRole('button', { name: vi.address_delete_named.replace('{{name}}', 'Tester Lan') }).count(),
    ).toBe(0);
    await pressWithKeys(
      page,
      cards.nth(1).getByRole('button', { name: vi.address_delete_named.replace('{{name}}', 'Tester Lan') }),
    );
    await pressWithKeys(page, page.getByRole('dialog').getByRole('button', { name: vi.address_delete }), 10);
    await page.getByText(vi.address_noti_delete).waitFor();
    await expect.poll(() => cards.count()).toBe(1);

    // The same pages in English on a computer.
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/en-us/account/address`);
    await page.getByRole('article').first().waitFor();
    await page.getByText(en.address_scheme_badge_3).waitFor();
    await page.screenshot({ path: screenshotPath('address-list-en-1280'), fullPage: true });
    await page.goto(`${server.url}/en-us/account/address/0`);
    await page.getByLabel(en.address_details_label).waitFor();
    await page.screenshot({ path: screenshotPath('address-form-en-1280'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('identity verification: upload both sides with the keyboard, wait, approved by the back office with its token, verified', async () => {
    await registerByApi(server, 'kyc.person@example.com', 'Kyc@2026xx');
    const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signInToPortal(page, server, vi, '', 'kyc.person@example.com', 'Kyc@2026xx');
    const sub = await storedSub(page);
    await page.goto(`${server.url}/security/kyc`);
    await page.getByText(vi.kyc_status_0).waitFor();
    // Both images are required before anything is sent.
    await pressWithKeys(page, page.getByRole('button', { name: vi.kyc_submit }));
    await page.getByText(vi.please_upload_your_identity_captcha).waitFor();
    const card = (background: string) =>
      sharp({ create: { width: 320, height: 200, channels: 3, background } })
        .png()
        .toBuffer();
    for (const [side, color] of [
      ['front', '#3b6fd8'],
      ['back', '#d8843b'],
    ] as const) {
      await chooseFileWithKeys(
        page,
        page.getByRole('button', { name: side === 'front' ? vi.kyc_choose_front : vi.kyc_choose_back }),
        {
          name: `${side}.png`,
          mimeType: 'image/png',
          buffer: await card(color),
        },
      );
      await page.getByRole('img', { name: side === 'front' ? vi.kyc_front_alt : vi.kyc_back_alt }).waitFor();
    }
    await page.screenshot({ path: screenshotPath('kyc-chosen-vi-1280'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await pressWithKeys(page, page.getByRole('button', { name: vi.kyc_submit }));
    await page.getByText(vi.kyc_waiting_message).waitFor();
    expect(await page.getByRole('button', { name: vi.kyc_submit }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('kyc-wait-vi-1280'), fullPage: true });

    const desk = await productApi(server, 'kyc:review');
    const waiting = await desk<{ userId: string }[]>('GET', K.reviewList.path);
    expect(waiting.result.map((w) => w.userId)).toContain(sub);
    const approved = await desk<{ status: number }>('POST', fillPath(K.approve.path, { userId: sub }));
    expect(approved).toMatchObject({ status: 200, result: { status: 2 } });

    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/en-us/security/kyc`);
    await page.getByText(en.kyc_verified_message).waitFor();
    await page.getByRole('img', { name: en.kyc_front_alt }).waitFor();
    await page.screenshot({ path: screenshotPath('kyc-verified-en-390'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    // The e-mail with the result.
    await expect
      .poll(async () => (await server.outbox('kyc.person@example.com')).map((m) => m.subject).join(' '))
      .toContain('xác minh');
  });

  it('profiles: two created, one edited with an education entry (school from the lookup) and a certificate, made the default, the other deleted, with the keyboard alone', async () => {
    await registerByApi(server, 'profile.person@example.com', 'Profile@2026x');
    const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signInToPortal(page, server, vi, '', 'profile.person@example.com', 'Profile@2026x');
    await page.goto(`${server.url}/account/profile`);
    await page.getByText(vi.profiles_add_title).waitFor();
    const add = async (name: string) => {
      await typeWithKeys(page, page.getByLabel(vi.profiles_add_name), name);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/account\/profile\/\d+\?isEdit=true$/);
      await page.getByLabel(vi.profiles_display_name).waitFor();
    };
    await add('Học sinh');
    await add('Giáo viên');
    // Edit the second: the role, an education entry with a school picked from the lookup, a certificate.
    await typeWithKeys(page, page.getByLabel(vi.profiles_role), 'Giáo viên Toán THPT');
    await pressWithKeys(page, page.getByRole('button', { name: vi.profiles_add_item }).first());
    // Saving without the required fields opens every section and marks them.
    await pressWithKeys(page, page.getByRole('button', { name: vi.common_save }));
    await page.getByText(vi.userProfile_education_level_req).waitFor();
    await page.getByText(vi.userProfile_education_classification_req).waitFor();
    await page.screenshot({ path: screenshotPath('profile-edit-errors-vi-1280'), fullPage: true });
    await pickWithKeys(page, page.getByRole('textbox', { name: vi.profiles_level }), vi.edu_level_university);
    await pickWithKeys(
      page,
      page.getByRole('textbox', { name: vi.profiles_school }),
      'Đại học Bách khoa Hà Nội',
      'bach khoa ha',
    );
    await pickWithKeys(page, page.getByRole('textbox', { name: vi.profiles_classification }), 'Xuất sắc');
    await typeWithKeys(page, page.getByLabel(vi.profiles_major), 'Toán học', 150);
    // Every section is open since the refused save.
    await pressWithKeys(page, page.getByRole('button', { name: vi.profiles_add_item }).nth(2));
    await focusField(page, page.getByLabel(vi.profiles_cert_name), 150);
    await page.keyboard.type('IELTS 7.5');
    await chooseFileWithKeys(page, page.getByRole('button', { name: vi.profiles_cert_file_choose }), {
      name: 'ielts.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await page.getByRole('link', { name: 'ielts.pdf' }).waitFor();
    await page.screenshot({ path: screenshotPath('profile-edit-vi-1280'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await pressWithKeys(page, page.getByRole('button', { name: vi.common_save }));
    await page.getByText(vi.noti_edit).waitFor();
    await page.getByText('Đại học Bách khoa Hà Nội').waitFor();
    await page.getByRole('link', { name: 'ielts.pdf' }).waitFor();

    // Make it the default, delete the other.
    await menuItemWithKeys(
      page,
      page.getByRole('button', { name: vi.profiles_menu.replace('{{name}}', 'Giáo viên') }),
      page.getByRole('menuitem', { name: vi.profiles_use }),
    );
    await page.getByText(vi.noti_use).waitFor();
    await expect.poll(() => page.getByRole('menuitem').count()).toBe(0);
    await menuItemWithKeys(
      page,
      page.getByRole('button', { name: vi.profiles_menu.replace('{{name}}', 'Học sinh') }),
      page.getByRole('menuitem', { name: vi.profiles_delete }),
    );
    await pressWithKeys(page, page.getByRole('dialog').getByRole('button', { name: vi.profiles_delete }), 10);
    await page.getByText(vi.noti_delete).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Học sinh' }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('profile-view-vi-1280'), fullPage: true });

    // /account/profile opens the default one; in English on a phone.
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/en-us/account/profile`);
    await page.waitForURL(/\/en-us\/account\/profile\/\d+$/);
    await page.getByText(en.profiles_default_badge, { exact: true }).waitFor();
    await page.getByText('Excellent').waitFor();
    await page.screenshot({ path: screenshotPath('profile-view-en-390'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });
});
