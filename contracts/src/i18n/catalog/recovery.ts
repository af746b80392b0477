import { defineMessages } from './define.js';

export const recoveryMessages = defineMessages({
  vi: {
    recovery_intro: 'Dùng để lấy lại tài khoản khi bạn quên mật khẩu hoặc không dùng được email, số điện thoại chính.',
    recovery_phone_label: 'Số điện thoại khôi phục',
    recovery_email_label: 'Email khôi phục',
    recovery_not_set: 'Chưa thiết lập',
    recovery_edit: 'Chỉnh sửa',
    recovery_edit_phone: 'Chỉnh sửa số điện thoại khôi phục',
    recovery_edit_email: 'Chỉnh sửa email khôi phục',
    recovery_clear_hint: 'Để trống rồi cập nhật để gỡ phương thức này.',
    recovery_value_required: 'Vui lòng nhập email hoặc số điện thoại khôi phục.',
    recovery_unconfirmed: 'Chưa xác minh: chưa dùng được để lấy lại tài khoản',
    recovery_send_code: 'Gửi mã xác minh',
    recovery_code_title: 'Xác minh phương thức khôi phục',
    recovery_code_text: 'Nhập mã gồm 6 chữ số đã gửi tới {{value}}.',
  },
  en: {
    recovery_intro: 'Used to get your account back if you forget your password or lose your main e-mail or phone.',
    recovery_phone_label: 'Recovery phone',
    recovery_email_label: 'Recovery e-mail',
    recovery_not_set: 'Not set',
    recovery_edit: 'Edit',
    recovery_edit_phone: 'Edit recovery phone',
    recovery_edit_email: 'Edit recovery e-mail',
    recovery_clear_hint: 'Leave it empty and update to remove this recovery method.',
    recovery_value_required: 'Please enter the recovery e-mail or phone.',
    recovery_unconfirmed: 'Not verified: it cannot be used to get the account back yet',
    recovery_send_code: 'Send verification code',
    recovery_code_title: 'Verify the recovery method',
    recovery_code_text: 'Enter the 6-digit code sent to {{value}}.',
  },
});
