import { defineMessages } from './define.js';

// Sign-in through Google, Facebook and Zalo, linking them (contracts/src/external-login.ts).
export const externalLoginMessages = defineMessages({
  vi: {
    login_or: 'hoặc',
    login_with_facebook: 'Đăng nhập bằng Facebook',
    login_with_zalo: 'Đăng nhập bằng Zalo',
    login_external_cancelled: 'Bạn đã hủy đăng nhập bằng {{provider}}.',
    login_link_proof_title: 'Liên kết {{provider}} với tài khoản của bạn',
    login_link_proof_text:
      'Địa chỉ {{username}} đã có tài khoản. Hãy đăng nhập vào tài khoản đó bằng mật khẩu hoặc mã xác minh: {{provider}} sẽ được liên kết sau khi đăng nhập.',
    sign_in_method_google: 'Google',
    sign_in_method_facebook: 'Facebook',
    sign_in_method_zalo: 'Zalo',
    activity_link_added: 'Liên kết {{provider}}',
    info_social_link: 'Liên kết',
    info_social_link_named: 'Liên kết {{provider}}',
    link_add_success: 'Đã liên kết {{provider}}.',
    error_unlink_last_way:
      'Không thể hủy liên kết: đây là cách đăng nhập duy nhất của tài khoản. Hãy đặt mật khẩu hoặc thêm e-mail trước.',
  },
  en: {
    login_or: 'or',
    login_with_facebook: 'Sign in with Facebook',
    login_with_zalo: 'Sign in with Zalo',
    login_external_cancelled: 'You cancelled signing in with {{provider}}.',
    login_link_proof_title: 'Link {{provider}} to your account',
    login_link_proof_text:
      '{{username}} already has an account. Sign in to it with its password or a verification code: {{provider}} is linked once you are in.',
    sign_in_method_google: 'Google',
    sign_in_method_facebook: 'Facebook',
    sign_in_method_zalo: 'Zalo',
    activity_link_added: 'Linked {{provider}}',
    info_social_link: 'Link',
    info_social_link_named: 'Link {{provider}}',
    link_add_success: '{{provider}} is linked.',
    error_unlink_last_way:
      'This link cannot be removed: it is the only way to sign in to the account. Set a password or add an e-mail first.',
  },
});
