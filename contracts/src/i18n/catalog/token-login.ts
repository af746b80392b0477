import { defineMessages } from './define.js';

// The token-login page and API, and the /captcha page for native apps (contracts/src/token-login.ts).
export const tokenLoginMessages = defineMessages({
  vi: {
    token_login_invalid: 'Liên kết đăng nhập không hợp lệ, đã được dùng hoặc đã hết hạn. Vui lòng mở lại từ ứng dụng.',
    token_login_wrong_client: 'Liên kết đăng nhập này không dùng được để đăng nhập vào ứng dụng này.',
    token_login_not_first_party: 'Ứng dụng này không được phép đăng nhập bằng liên kết một lần.',
    token_login_session_ended: 'Phiên đăng nhập trên ứng dụng đã kết thúc. Vui lòng đăng nhập lại trong ứng dụng.',
    sign_in_method_token: 'liên kết đăng nhập từ ứng dụng',
    token_login_title: 'Đăng nhập từ ứng dụng',
    token_login_signing_in: 'Đang đăng nhập tài khoản của bạn…',
    token_login_failed_title: 'Không thể đăng nhập',
    token_login_done_title: 'Đã đăng nhập',
    token_login_done: 'Bạn đã đăng nhập. Hãy tiếp tục trong ứng dụng.',
    captcha_page_title: 'Xác minh bảo mật',
    captcha_page_intro: 'Xác nhận bạn không phải người máy để tiếp tục đăng nhập trong ứng dụng.',
    captcha_page_sent: 'Đã xác minh. Đang quay lại ứng dụng…',
    captcha_page_not_needed: 'Không cần xác minh. Đang quay lại ứng dụng…',
    captcha_page_no_app: 'Trang này dành cho ứng dụng trên điện thoại. Hãy mở nó từ màn hình đăng nhập của ứng dụng.',
  },
  en: {
    token_login_invalid: 'This sign-in link is invalid, already used or expired. Please open it again from the app.',
    token_login_wrong_client: 'This sign-in link cannot be used to sign in to this application.',
    token_login_not_first_party: 'This application may not sign in with a one-time link.',
    token_login_session_ended: 'Your session in the app has ended. Please sign in again in the app.',
    sign_in_method_token: 'a sign-in link from an app',
    token_login_title: 'Sign in from the app',
    token_login_signing_in: 'Signing you in…',
    token_login_failed_title: 'Could not sign you in',
    token_login_done_title: 'Signed in',
    token_login_done: 'You are signed in. Please continue in the app.',
    captcha_page_title: 'Security check',
    captcha_page_intro: 'Confirm that you are not a robot to continue signing in in the app.',
    captcha_page_sent: 'Verified. Returning to the app…',
    captcha_page_not_needed: 'No check is needed. Returning to the app…',
    captcha_page_no_app: "This page is for the mobile app. Please open it from the app's sign-in screen.",
  },
});
