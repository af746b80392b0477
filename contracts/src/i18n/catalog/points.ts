import { defineMessages } from './define.js';

// Loyalty points: the /point page and the products' points API (contracts/src/points.ts).
export const pointsMessages = defineMessages({
  vi: {
    point_intro: 'Điểm thưởng bạn nhận được và đã dùng trên các sản phẩm.',
    point_balance: 'Số điểm hiện có',
    point_balance_value: '{{value}} điểm',
    point_col_time: 'Thời gian',
    point_col_block: 'Khối',
    point_col_action: 'Hoạt động',
    point_col_point: 'Điểm',
    point_empty: 'Bạn chưa có lịch sử điểm.',
    point_general: 'Chung',
    point_view_more: 'Xem thêm',
    point_balance_insufficient: 'Số điểm hiện có không đủ để trừ.',
    point_change_zero: 'Số điểm thay đổi phải khác 0.',
    idempotency_key_required: 'Thiếu tiêu đề Idempotency-Key (1 đến 100 ký tự).',
    idempotency_key_reused: 'Idempotency-Key này đã được dùng cho một thay đổi khác.',
  },
  en: {
    point_intro: 'The reward points you have earned and used across our products.',
    point_balance: 'Current balance',
    point_balance_value: '{{value}} points',
    point_col_time: 'Time',
    point_col_block: 'Block',
    point_col_action: 'Activity',
    point_col_point: 'Points',
    point_empty: 'You have no point history yet.',
    point_general: 'General',
    point_view_more: 'View more',
    point_balance_insufficient: 'The balance does not cover this deduction.',
    point_change_zero: 'The change must not be zero points.',
    idempotency_key_required: 'The Idempotency-Key header is missing (1 to 100 characters).',
    idempotency_key_reused: 'This Idempotency-Key was already used for another change.',
  },
});
