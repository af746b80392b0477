import { defineMessages } from './define.js';

export const deleteAccountMessages = defineMessages({
  vi: {
    delete_account_confirm_error: 'Vui lòng xác nhận bạn muốn xóa tài khoản.',
    delete_success: 'Xóa thành công.',
    delete_account_intro: 'Xóa vĩnh viễn tài khoản và dữ liệu cá nhân của bạn.',
    delete_account_warning_title: 'Thao tác này không thể hoàn tác',
    delete_account_warning:
      'Họ tên, ngày sinh, ảnh đại diện, email, số điện thoại và các thông tin khác sẽ bị xóa. Bạn sẽ bị đăng xuất khỏi mọi thiết bị và không thể đăng nhập lại bằng tài khoản này.',
    delete_account_confirm_label: 'Tôi hiểu rằng tài khoản và dữ liệu của tôi sẽ bị xóa vĩnh viễn.',
    delete_account_password_label: 'Nhập mật khẩu để xác nhận',
    delete_account_submit: 'Xóa tài khoản',
    delete_account_success: 'Tài khoản của bạn đã được xóa.',
  },
  en: {
    delete_account_confirm_error: 'Please confirm that you want to delete your account.',
    delete_success: 'Deleted successfully.',
    delete_account_intro: 'Permanently delete your account and your personal data.',
    delete_account_warning_title: 'This cannot be undone',
    delete_account_warning:
      'Your name, birth date, profile picture, e-mail addresses, phone numbers and other details will be deleted. You will be signed out of every device and will not be able to sign in with this account again.',
    delete_account_confirm_label: 'I understand that my account and my data will be permanently deleted.',
    delete_account_password_label: 'Enter your password to confirm',
    delete_account_submit: 'Delete account',
    delete_account_success: 'Your account has been deleted.',
  },
});
