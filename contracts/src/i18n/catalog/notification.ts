import { defineMessages } from './define.js';

export const notificationMessages = defineMessages({
  vi: {
    notification_intro: 'Chọn cách bạn nhận thông báo của từng loại: qua email, trên trang web hoặc trong ứng dụng.',
    notification_master_switch: 'Tắt mọi thông báo',
    notification_master_hint: 'Bật để không nhận thông báo nào; tắt để nhận mọi thông báo qua cả ba kênh.',
    notification_general: 'Thông báo chung',
    notification_channel_email: 'Email',
    notification_channel_web: 'Trên web',
    notification_channel_app: 'Trong ứng dụng',
    notification_channels_none: 'Không nhận',
    notification_channels_named: 'Kênh nhận thông báo {{name}}',
    notification_empty: 'Chưa có loại thông báo nào để cài đặt.',
    notification_module_unknown: 'Loại thông báo này không còn tồn tại. Vui lòng tải lại trang.',
    notification_block_unknown: 'Khối (block) này chưa được đăng ký.',
  },
  en: {
    notification_intro: 'Choose how you get each kind of notification: by e-mail, on the website or in the app.',
    notification_master_switch: 'Turn off all notifications',
    notification_master_hint: 'On: you get no notifications. Off: you get every notification by all three channels.',
    notification_general: 'General notifications',
    notification_channel_email: 'E-mail',
    notification_channel_web: 'On the web',
    notification_channel_app: 'In the app',
    notification_channels_none: 'None',
    notification_channels_named: 'Channels for {{name}}',
    notification_empty: 'There are no kinds of notification to set yet.',
    notification_module_unknown: 'This kind of notification no longer exists. Please reload the page.',
    notification_block_unknown: 'This block has not been registered.',
  },
});
