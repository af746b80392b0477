import { defineMessages } from './define.js';

// Connected apps (/security/apps, issue 32 point 2).
export const connectedAppsMessages = defineMessages({
  vi: {
    connected_apps_title: 'Ứng dụng đã kết nối',
    connected_apps_intro:
      'Các sản phẩm bạn đã cho phép dùng tài khoản này. Thu hồi một ứng dụng sẽ đăng xuất nó ngay và nó phải xin phép lại ở lần đăng nhập sau.',
    connected_apps_empty: 'Chưa có ứng dụng nào được kết nối với tài khoản của bạn.',
    connected_apps_may: 'Được phép',
    connected_apps_last_used: 'Dùng lần cuối',
    connected_apps_never_used: 'Chưa dùng',
    connected_apps_granted: 'Kết nối từ',
    connected_apps_revoke: 'Thu hồi',
    connected_apps_revoke_named: 'Thu hồi quyền của {{name}}',
    connected_apps_revoke_title: 'Thu hồi quyền truy cập',
    connected_apps_revoke_confirm:
      '{{name}} sẽ bị đăng xuất ngay và không đọc được thông tin của bạn nữa cho đến khi bạn đăng nhập vào đó lần nữa.',
    connected_apps_revoked: 'Đã thu hồi quyền của {{name}}.',
    connected_apps_scope_openid: 'Biết đó là bạn khi bạn đăng nhập',
    connected_apps_scope_profile: 'Xem họ tên, ảnh đại diện, ngày sinh và giới tính',
    connected_apps_scope_email: 'Xem địa chỉ email',
    connected_apps_scope_phone: 'Xem số điện thoại',
    connected_apps_scope_address: 'Xem địa chỉ',
    connected_apps_scope_offline_access: 'Giữ bạn đăng nhập khi bạn không dùng',
  },
  en: {
    connected_apps_title: 'Connected apps',
    connected_apps_intro:
      'The products you have let use this account. Revoking one signs it out at once, and it has to ask again the next time you sign in there.',
    connected_apps_empty: 'No app is connected to your account yet.',
    connected_apps_may: 'Allowed to',
    connected_apps_last_used: 'Last used',
    connected_apps_never_used: 'Not used yet',
    connected_apps_granted: 'Connected since',
    connected_apps_revoke: 'Revoke',
    connected_apps_revoke_named: 'Revoke access of {{name}}',
    connected_apps_revoke_title: 'Revoke access',
    connected_apps_revoke_confirm:
      '{{name}} will be signed out at once and can no longer read your information until you sign in there again.',
    connected_apps_revoked: 'Access of {{name}} revoked.',
    connected_apps_scope_openid: 'Know it is you when you sign in',
    connected_apps_scope_profile: 'See your name, picture, birth date and gender',
    connected_apps_scope_email: 'See your e-mail address',
    connected_apps_scope_phone: 'See your phone number',
    connected_apps_scope_address: 'See your address',
    connected_apps_scope_offline_access: 'Keep you signed in while you are away',
  },
});
