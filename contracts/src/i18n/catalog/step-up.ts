import { defineMessages } from './define.js';

// The step-up dialog of the account pages (contracts/src/step-up.ts, web/src/components/StepUpDialog.tsx).
export const stepUpMessages = defineMessages({
  vi: {
    step_up_required: 'Vui lòng xác nhận đây là bạn để tiếp tục.',
    step_up_expired: 'Phiên xác nhận đã hết hạn. Vui lòng xác nhận lại.',
    step_up_value_empty: 'Vui lòng nhập thông tin xác nhận.',
    step_up_title: 'Xác nhận đây là bạn',
    step_up_intro:
      'Thay đổi này ảnh hưởng đến cách đăng nhập hoặc khôi phục tài khoản, nên cần xác nhận lại. Xác nhận có hiệu lực trong vài phút.',
    step_up_password_label: 'Mật khẩu hiện tại',
    step_up_code_intro: 'Chúng tôi sẽ gửi mã xác minh tới {{to}}.',
    step_up_send_code: 'Gửi mã',
    step_up_second_intro: 'Tài khoản của bạn đã bật xác minh hai bước. Nhập thêm một mã để xác nhận.',
    step_up_continue: 'Tiếp tục',
    step_up_passkey: 'Xác nhận bằng khóa truy cập',
    step_up_or: 'hoặc',
  },
  en: {
    step_up_required: 'Please confirm it is you to continue.',
    step_up_expired: 'The confirmation expired. Please confirm again.',
    step_up_value_empty: 'Please enter your confirmation.',
    step_up_title: 'Confirm it is you',
    step_up_intro:
      'This change affects how your account signs in or recovers, so please confirm it is you. The confirmation holds for a few minutes.',
    step_up_password_label: 'Current password',
    step_up_code_intro: 'We will send a verification code to {{to}}.',
    step_up_send_code: 'Send code',
    step_up_second_intro: 'Your account has two-step verification on. Enter one more code to confirm.',
    step_up_continue: 'Continue',
    step_up_passkey: 'Confirm with a passkey',
    step_up_or: 'or',
  },
});
