import { defineMessages } from './define.js';

// The security e-mail about a change to how an account signs in or recovers, and its undo page
// (contracts/src/undo-change.ts).
export const undoChangeMessages = defineMessages({
  vi: {
    mail_change_subject: '{{product}}: cách đăng nhập vào tài khoản của bạn vừa thay đổi',
    mail_change_text:
      '{{change}} (IP {{ip}}).\n\nNếu không phải bạn, hãy hoàn tác ngay tại {{undo}} (liên kết dùng được một lần trong {{days}} ngày): thay đổi sẽ được hủy và mọi thiết bị bị đăng xuất. Sau đó hãy đổi mật khẩu.',
    mail_change_email_changed: 'Email đăng nhập của tài khoản {{product}} đã được đổi từ {{old}} sang {{value}}',
    mail_change_phone_changed:
      'Số điện thoại đăng nhập của tài khoản {{product}} đã được đổi từ {{old}} sang {{value}}',
    mail_change_contact_added: '{{value}} đã được thêm vào tài khoản {{product}} và có thể dùng để đăng nhập',
    mail_change_allow_login_on: 'Đăng nhập bằng {{value}} đã được bật cho tài khoản {{product}}',
    mail_change_primary_changed: '{{value}} đã trở thành địa chỉ chính của tài khoản {{product}}',
    mail_change_recovery_set: '{{value}} đã được đặt làm cách khôi phục tài khoản {{product}}',
    mail_change_password_set: 'Tài khoản {{product}} của bạn vừa được đặt mật khẩu',
    undo_title: 'Hoàn tác thay đổi',
    undo_intro:
      'Nếu bạn không thực hiện thay đổi trong email bảo mật, hãy hoàn tác: thay đổi sẽ được hủy và mọi thiết bị đang đăng nhập sẽ bị đăng xuất.',
    undo_button: 'Hoàn tác và đăng xuất mọi thiết bị',
    undo_done: 'Đã hoàn tác thay đổi và đăng xuất mọi thiết bị. Hãy đổi mật khẩu ngay.',
    undo_change_password: 'Đổi mật khẩu',
    undo_link_invalid: 'Liên kết hoàn tác không hợp lệ, đã dùng hoặc đã hết hạn.',
    activity_change_undone: 'Hoàn tác một thay đổi từ email bảo mật và đăng xuất mọi thiết bị (IP {{ip}})',
  },
  en: {
    mail_change_subject: '{{product}}: how your account signs in just changed',
    mail_change_text:
      '{{change}} (IP {{ip}}).\n\nIf this was not you, undo it now at {{undo}} (the link works once, for {{days}} days): the change is reverted and every device is signed out. Then change your password.',
    mail_change_email_changed: 'The sign-in e-mail of your {{product}} account was changed from {{old}} to {{value}}',
    mail_change_phone_changed: 'The sign-in phone of your {{product}} account was changed from {{old}} to {{value}}',
    mail_change_contact_added: '{{value}} was added to your {{product}} account and can sign in',
    mail_change_allow_login_on: 'Signing in with {{value}} was turned on for your {{product}} account',
    mail_change_primary_changed: '{{value}} became the primary address of your {{product}} account',
    mail_change_recovery_set: '{{value}} was set as a recovery way of your {{product}} account',
    mail_change_password_set: 'A password was just set for your {{product}} account',
    undo_title: 'Undo a change',
    undo_intro:
      'If you did not make the change the security e-mail names, undo it: the change is reverted and every signed-in device is signed out.',
    undo_button: 'Undo and sign out every device',
    undo_done: 'The change was undone and every device signed out. Change your password now.',
    undo_change_password: 'Change password',
    undo_link_invalid: 'This undo link is not valid, was used already or has expired.',
    activity_change_undone: 'Undid a change from a security e-mail and signed out every device (IP {{ip}})',
  },
});
