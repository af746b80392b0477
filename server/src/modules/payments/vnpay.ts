import { randomBytes } from 'node:crypto';
import type { GatewayAnswer, NoticeOutcome, PaymentAdapter, PaymentStart } from './port.js';
import { field, hmacHex, sameHex, vietnamStamp, wholeNumber } from './signing.js';

// VNPay, payment API 2.1.0: the payment page takes a signed URL; the IPN (GET, server to server)
// and the browser's return carry the same signed query. The signature is HMAC-SHA512 with the
// hash secret over the vnp_ fields (not empty, the hash fields left out) sorted by name, joined as
// `name=value&...`, each encoded as PHP's urlencode does (VNPay's own demo, vnpay_ipn.php): space
// as '+', everything but letters, digits and -_. as %XX. vnp_Amount is đồng x 100.

export type VnpayConfig = { tmnCode: string; hashSecret: string; payUrl: string };

const HASH_FIELDS = new Set(['vnp_SecureHash', 'vnp_SecureHashType']);

/** PHP's urlencode: encodeURIComponent, plus !'()*~ encoded and space as '+'. */
export const phpUrlencode = (value: string) =>
  encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

/** The string VNPay signs: the vnp_ fields with a value, sorted, encoded. */
export function vnpaySignedData(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((name) => name.startsWith('vnp_') && !HASH_FIELDS.has(name) && fields[name] !== '')
    .sort()
    .map((name) => `${phpUrlencode(name)}=${phpUrlencode(fields[name] as string)}`)
    .join('&');
}

const ANSWERS: Record<NoticeOutcome, [string, string]> = {
  confirmed: ['00', 'Confirm Success'],
  already: ['02', 'Order already confirmed'],
  not_found: ['01', 'Order not found'],
  bad_amount: ['04', 'Invalid amount'],
  bad_signature: ['97', 'Invalid signature'],
};

export function createVnpay(config: VnpayConfig): PaymentAdapter {
  const sign = (fields: Record<string, string>) => hmacHex('sha512', config.hashSecret, vnpaySignedData(fields));
  /** The query's vnp_ fields when its signature holds. */
  const verified = (query: Record<string, unknown>): Record<string, string> | undefined => {
    const fields = Object.fromEntries(
      Object.keys(query)
        .filter((name) => name.startsWith('vnp_'))
        .map((name) => [name, field(query, name)]),
    );
    return sameHex(sign(fields), query.vnp_SecureHash) && fields.vnp_TmnCode === config.tmnCode ? fields : undefined;
  };
  return {
    gateway: 'vnpay',
    // vnp_TxnRef: letters and digits, unique per terminal.
    newReference: () => `V${randomBytes(10).toString('hex').toUpperCase()}`,
    async start(p: PaymentStart) {
      const now = new Date();
      const fields: Record<string, string> = {
        vnp_Version: '2.1.0',
        vnp_Command: 'pay',
        vnp_TmnCode: config.tmnCode,
        vnp_Amount: String(p.amount * 100),
        vnp_CurrCode: 'VND',
        vnp_TxnRef: p.reference,
        vnp_OrderInfo: p.description,
        vnp_OrderType: 'other',
        vnp_Locale: p.locale === 'en-US' ? 'en' : 'vn',
        vnp_ReturnUrl: p.returnUrl,
        vnp_IpAddr: p.ip,
        vnp_CreateDate: vietnamStamp(now),
        vnp_ExpireDate: vietnamStamp(new Date(now.getTime() + 15 * 60_000)),
      };
      return `${config.payUrl}?${vnpaySignedData(fields)}&vnp_SecureHash=${sign(fields)}`;
    },
    readNotice({ query }) {
      const fields = verified(query);
      if (!fields) return undefined;
      const code = fields.vnp_ResponseCode ?? '';
      const status = fields.vnp_TransactionStatus ?? '';
      return {
        reference: fields.vnp_TxnRef ?? '',
        amount: wholeNumber(fields.vnp_Amount ?? '') / 100,
        outcome: code === '00' && status === '00' ? 'paid' : 'failed',
        transaction: fields.vnp_TransactionNo || null,
        resultCode: code,
      };
    },
    readReturn: (query) => verified(query)?.vnp_TxnRef,
    answer(outcome): GatewayAnswer {
      const [RspCode, Message] = ANSWERS[outcome];
      return { status: 200, body: { RspCode, Message } };
    },
  };
}
