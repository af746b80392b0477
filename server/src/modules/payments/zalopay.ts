import { randomBytes } from 'node:crypto';
import type { GatewayAnswer, NoticeOutcome, PaymentAdapter, PaymentStart } from './port.js';
import { field, gatewayFailed, gatewayJson, hmacHex, sameHex, vietnamStamp, wholeNumber } from './signing.js';

// ZaloPay, API v2: the order is created by POST /v2/create (form fields) signed with key1 as
// HMAC-SHA256 over app_id|app_trans_id|app_user|amount|app_time|embed_data|item; its answer's
// order_url is where the person pays. ZaloPay calls back (POST JSON {data, mac, type}) only for a
// payment made, with mac = HMAC-SHA256(key2, data); the browser comes back to embed_data's
// redirecturl with a checksum = HMAC-SHA256(key2, appid|apptransid|pmcid|bankcode|amount|discountamount|status).

export type ZalopayConfig = { appId: string; key1: string; key2: string; baseUrl: string };

const ANSWERS: Record<NoticeOutcome, [number, string]> = {
  confirmed: [1, 'success'],
  already: [2, 'already processed'],
  not_found: [-1, 'order not found'],
  bad_amount: [-1, 'invalid amount'],
  bad_signature: [-1, 'mac not equal'],
};

export function createZalopay(config: ZalopayConfig): PaymentAdapter {
  return {
    gateway: 'zalopay',
    // app_trans_id: yymmdd (Vietnam time) _ something unique, at most 40 characters.
    newReference: (now) => `${vietnamStamp(now).slice(2, 8)}_${randomBytes(10).toString('hex')}`,
    async start(p: PaymentStart) {
      const order = {
        app_id: config.appId,
        app_user: `portico_order_${p.orderId}`,
        app_trans_id: p.reference,
        app_time: String(Date.now()),
        amount: String(p.amount),
        item: JSON.stringify([]),
        embed_data: JSON.stringify({ redirecturl: p.returnUrl }),
        description: p.description,
        bank_code: '',
        callback_url: p.notifyUrl,
      };
      const mac = hmacHex(
        'sha256',
        config.key1,
        [
          order.app_id,
          order.app_trans_id,
          order.app_user,
          order.amount,
          order.app_time,
          order.embed_data,
          order.item,
        ].join('|'),
      );
      const answer = await gatewayJson(`${config.baseUrl}/v2/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...order, mac }).toString(),
      });
      if (answer.return_code !== 1 || typeof answer.order_url !== 'string') throw gatewayFailed();
      return answer.order_url;
    },
    readNotice({ body }) {
      if (!body || typeof body !== 'object') return undefined;
      const { data, mac } = body as { data?: unknown; mac?: unknown };
      if (typeof data !== 'string' || !sameHex(hmacHex('sha256', config.key2, data), mac)) return undefined;
      let paid: Record<string, unknown>;
      try {
        paid = JSON.parse(data) as Record<string, unknown>;
      } catch {
        return undefined;
      }
      if (!paid || typeof paid !== 'object' || field(paid, 'app_id') !== config.appId) return undefined;
      return {
        reference: field(paid, 'app_trans_id'),
        amount: wholeNumber(field(paid, 'amount')),
        outcome: 'paid',
        transaction: field(paid, 'zp_trans_id') || null,
        resultCode: '1',
      };
    },
    readReturn(query) {
      const parts = ['appid', 'apptransid', 'pmcid', 'bankcode', 'amount', 'discountamount', 'status'].map((name) =>
        field(query, name),
      );
      const holds = sameHex(hmacHex('sha256', config.key2, parts.join('|')), query.checksum);
      return holds && parts[0] === config.appId ? parts[1] : undefined;
    },
    /**
     * ZaloPay's /v2/query (MAC: key1 over app_id|app_trans_id|key1): return_code 1 paid, 2 failed,
     * 3 not paid yet or in progress. Its answer carries no signature of its own: it is trusted as
     * the answer of the gateway's address over TLS, as /v2/create's order_url is.
     */
    async query(reference: string) {
      const mac = hmacHex('sha256', config.key1, [config.appId, reference, config.key1].join('|'));
      let answer: Record<string, unknown>;
      try {
        answer = await gatewayJson(`${config.baseUrl}/v2/query`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ app_id: config.appId, app_trans_id: reference, mac }).toString(),
        });
      } catch {
        return undefined;
      }
      const code = answer.return_code;
      if (code !== 1 && code !== 2 && code !== 3) return undefined;
      return {
        reference,
        amount: wholeNumber(field(answer, 'amount')),
        outcome: code === 1 ? ('paid' as const) : code === 2 ? ('failed' as const) : ('pending' as const),
        transaction: field(answer, 'zp_trans_id') || null,
        resultCode: String(answer.sub_return_code ?? code),
      };
    },
    answer(outcome): GatewayAnswer {
      const [return_code, return_message] = ANSWERS[outcome];
      return { status: 200, body: { return_code, return_message } };
    },
  };
}
