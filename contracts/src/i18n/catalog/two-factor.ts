import { defineMessages } from './define.js';

export const twoFactorMessages = defineMessages({
  vi: {
    please_enter_code_2fa_code: 'Vui lòng nhập mã xác minh hai bước.',
    please_enter_verification_code: 'Vui lòng nhập mã xác minh.',
    please_select_method_receive_2fa_code: 'Vui lòng chọn phương thức nhận mã xác minh.',
    login_two_factor_unavailable: 'Tài khoản đã bật xác minh hai bước. Tính năng này sẽ sớm có mặt.',
    authentication_code_is_incorrect: 'Mã xác thực không đúng.',
    enable_2fa_success: 'Bật xác minh hai bước thành công.',
    disable_2fa_success: 'Tắt xác minh hai bước thành công.',
  },
  en: {
    please_enter_code_2fa_code: 'Please enter the two-step verification code.',
    please_enter_verification_code: 'Please enter the verification code.',
    please_select_method_receive_2fa_code: 'Please choose how to receive the verification code.',
    login_two_factor_unavailable: 'This account uses two-step verification. This feature is coming soon.',
    authentication_code_is_incorrect: 'The authentication code is incorrect.',
    enable_2fa_success: 'Two-step verification is now on.',
    disable_2fa_success: 'Two-step verification is now off.',
  },
});
