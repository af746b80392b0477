import { randomBytes } from 'node:crypto';
import type { GatewayAnswer, PaymentAdapter, PaymentStart } from './port.js';
import { field, gatewayFailed, gatewayJson, hmacHex, sameHex, wholeNumber } from './signing.js';

// MoMo, AIO v2: POST /v2/gateway/api/create (JSON) signed with the secret key as HMAC-SHA256 over
// `accessKey=..&amount=..&extraData=..&ipnUrl=..&orderId=..&orderInfo=..&partnerCode=..&redirectUrl=..&requestId=..&requestType=..`
// (raw values); its payUrl is where the person pays. The IPN (POST JSON) and the browser's
// return carry the result signed over accessKey, amount, extraData, message, orderId, orderInfo,
// orderType, partnerCode, payType, requestId, responseTime, resultCode, transId in that order;
// MoMo expects 204 No Content for a notification taken.

export type MomoConfig = { partnerCode: string; accessKey: string; secretKey: string; baseUrl: string };

const RESULT_FIELDS = [
  'amount',
  'extraData',
  'message',
  'orderId',
  'orderInfo',
  'orderType',
  'partnerCode',
  'payType',
  'requestId',
  'responseTime',
  'resultCode',
  'transId',
] as const;

/** MoMo's raw signature string: accessKey first, then the fields as given. */
export const momoSignedData = (accessKey: string, fields: [string, string][]) =>
  [['accessKey', accessKey], ...fields].map(([name, value]) => `${name}=${value}`).join('&');

export function createMomo(config: MomoConfig): PaymentAdapter {
  /** A result (IPN body or return query) whose signature holds. */
  const verified = (source: Record<string, unknown>) => {
    const data = momoSignedData(
      config.accessKey,
      RESULT_FIELDS.map((name) => [name, field(source, name)]),
    );
    const holds =
      sameHex(hmacHex('sha256', config.secretKey, data), source.signature) &&
      field(source, 'partnerCode') === config.partnerCode;
    return holds ? source : undefined;
  };
  return {
    gateway: 'momo',
    // orderId: letters and digits (MoMo's pattern allows -_. between them).
    newReference: () => `M${randomBytes(10).toString('hex')}`,
    async start(p: PaymentStart) {
      const request = {
        amount: String(p.amount),
        extraData: '',
        ipnUrl: p.notifyUrl,
        orderId: p.reference,
        orderInfo: p.description,
        partnerCode: config.partnerCode,
        redirectUrl: p.returnUrl,
        requestId: p.reference,
        requestType: 'captureWallet',
      };
      const signature = hmacHex('sha256', config.secretKey, momoSignedData(config.accessKey, Object.entries(request)));
      const answer = await gatewayJson(`${config.baseUrl}/v2/gateway/api/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=UTF-8' },
        body: JSON.stringify({
          ...request,
          amount: p.amount,
          accessKey: config.accessKey,
          lang: p.locale === 'en-US' ? 'en' : 'vi',
          signature,
        }),
      });
      if (answer.resultCode !== 0 || typeof answer.payUrl !== 'string') throw gatewayFailed();
      return answer.payUrl;
    },
    readNotice({ body }) {
      const result = body && typeof body === 'object' ? verified(body as Record<string, unknown>) : undefined;
      if (!result) return undefined;
      const code = field(result, 'resultCode');
      return {
        reference: field(result, 'orderId'),
        amount: wholeNumber(field(result, 'amount')),
        // 9000: authorised, not yet captured (only when autoCapture is off): not final.
        outcome: code === '0' ? 'paid' : code === '9000' ? 'pending' : 'failed',
        transaction: field(result, 'transId') || null,
        resultCode: code,
      };
    },
    readReturn: (query) => (verified(query) ? field(query, 'orderId') : undefined),
    answer(outcome): GatewayAnswer {
      if (outcome === 'confirmed' || outcome === 'already') return { status: 204 };
      return { status: 400, body: { message: outcome } };
    },
  };
}
