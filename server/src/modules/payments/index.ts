import type { PaymentGateway } from '@portico/contracts';
import type { Config } from '../../config/env.js';
import { createMomo } from './momo.js';
import type { PaymentAdapter } from './port.js';
import { createVnpay } from './vnpay.js';
import { createZalopay } from './zalopay.js';

export type {
  GatewayAnswer,
  GatewayRequest,
  NoticeOutcome,
  PaymentAdapter,
  PaymentNotice,
  PaymentStart,
} from './port.js';

type GatewayConfig = Pick<
  Config,
  | 'VNPAY_TMN_CODE'
  | 'VNPAY_HASH_SECRET'
  | 'VNPAY_PAY_URL'
  | 'ZALOPAY_APP_ID'
  | 'ZALOPAY_KEY1'
  | 'ZALOPAY_KEY2'
  | 'ZALOPAY_BASE_URL'
  | 'MOMO_PARTNER_CODE'
  | 'MOMO_ACCESS_KEY'
  | 'MOMO_SECRET_KEY'
  | 'MOMO_BASE_URL'
>;

/** The gateways this server offers: each one whose merchant codes and secrets are configured. */
export function createPaymentGateways(c: GatewayConfig): Partial<Record<PaymentGateway, PaymentAdapter>> {
  const gateways: Partial<Record<PaymentGateway, PaymentAdapter>> = {};
  if (c.VNPAY_TMN_CODE && c.VNPAY_HASH_SECRET)
    gateways.vnpay = createVnpay({
      tmnCode: c.VNPAY_TMN_CODE,
      hashSecret: c.VNPAY_HASH_SECRET,
      payUrl: c.VNPAY_PAY_URL,
    });
  if (c.ZALOPAY_APP_ID && c.ZALOPAY_KEY1 && c.ZALOPAY_KEY2)
    gateways.zalopay = createZalopay({
      appId: c.ZALOPAY_APP_ID,
      key1: c.ZALOPAY_KEY1,
      key2: c.ZALOPAY_KEY2,
      baseUrl: c.ZALOPAY_BASE_URL.replace(/\/$/, ''),
    });
  if (c.MOMO_PARTNER_CODE && c.MOMO_ACCESS_KEY && c.MOMO_SECRET_KEY)
    gateways.momo = createMomo({
      partnerCode: c.MOMO_PARTNER_CODE,
      accessKey: c.MOMO_ACCESS_KEY,
      secretKey: c.MOMO_SECRET_KEY,
      baseUrl: c.MOMO_BASE_URL.replace(/\/$/, ''),
    });
  return gateways;
}
