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
  },
});
