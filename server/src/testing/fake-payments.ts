import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Local stand-ins for the three payment gateways (issue 30), started by the tests. Each signs and
// checks as its real gateway publishes (written here on their own, from the gateways' documents
// and demos, not from server/src/modules/payments, so an adapter that drifts from the scheme fails
// against them): VNPay 2.1.0's signed payment URL, IPN and return (HMAC-SHA512 over the sorted,
// PHP-urlencoded vnp_ fields); ZaloPay v2's /v2/create (key1 MAC), callback (key2 MAC over data)
// and redirect checksum; MoMo AIO v2's create, IPN and redirect (HMAC-SHA256 over its raw string).
// Each has a payment page with Pay and Cancel; paying notifies the server, then sends the browser back.

export type FakeGatewayKeys = {
  vnpay: { tmnCode: string; hashSecret: string };
  zalopay: { appId: string; key1: string; key2: string };
  momo: { partnerCode: string; accessKey: string; secretKey: string };
};

export const FAKE_GATEWAY_KEYS: FakeGatewayKeys = {
  vnpay: { tmnCode: 'PORTICO1', hashSecret: 'VNPAYTESTSECRETKEYFORPORTICO0001' },
  zalopay: { appId: '2553', key1: 'zalopay-test-key1-PcY4iZIKFCIdgZ', key2: 'zalopay-test-key2-kLtgPl8HHhfvMu' },
  momo: { partnerCode: 'MOMOPORTICO', accessKey: 'momo-access-F8BB', secretKey: 'momo-secret-K951B6PE1waDMi640' },
};

const hmac = (algorithm: 'sha256' | 'sha512', key: string, data: string) =>
  createHmac(algorithm, key).update(data, 'utf8').digest('hex');

/** PHP's urlencode, as VNPay's demo signs with it. */
const urlencode = (v: string) =>
  encodeURIComponent(v)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

/** VNPay's signed query: the vnp_ fields with a value, sorted, encoded; the hash over them. */
export function vnpaySign(secret: string, fields: Record<string, string>) {
  const data = Object.keys(fields)
    .filter((k) => k.startsWith('vnp_') && k !== 'vnp_SecureHash' && k !== 'vnp_SecureHashType' && fields[k] !== '')
    .sort()
    .map((k) => `${urlencode(k)}=${urlencode(fields[k] as string)}`)
    .join('&');
  return { query: data, hash: hmac('sha512', secret, data) };
}

/** ZaloPay's callback body for a paid order. */
export function zalopayCallback(key2: string, paid: Record<string, unknown>) {
  const data = JSON.stringify(paid);
  return { data, mac: hmac('sha256', key2, data), type: 1 };
}

const MOMO_RESULT = [
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
];
/** MoMo's result (IPN body, redirect query) with its signature. */
export function momoResult(keys: FakeGatewayKeys['momo'], result: Record<string, string | number>) {
  const raw = [`accessKey=${keys.accessKey}`, ...MOMO_RESULT.map((k) => `${k}=${result[k] ?? ''}`)].join('&');
  return { ...result, signature: hmac('sha256', keys.secretKey, raw) };
}

const vietnamNow = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 19).replace(/[-:T]/g, '');

type Pending = {
  gateway: 'vnpay' | 'zalopay' | 'momo';
  amount: number;
  /** What paying or cancelling does: notify the server (answer kept), then where the browser goes. */
  finish: (paid: boolean) => Promise<string>;
};

/** What the fake sent to the server, and what the server answered. */
export type SentNotice = {
  gateway: string;
  method: string;
  url: string;
  body?: unknown;
  status: number;
  answer: string;
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });

/**
 * Starts the three fakes on one local port. `vnpayIpnUrl`: VNPay's IPN address is set in its
 * merchant portal, not in the request, so the test tells the fake (now, or with `setVnpayIpnUrl`
 * once the server it points at has started).
 */
export async function startFakePayments(options: { vnpayIpnUrl?: string; keys?: FakeGatewayKeys } = {}) {
  const keys = options.keys ?? FAKE_GATEWAY_KEYS;
  let vnpayIpnUrl = options.vnpayIpnUrl ?? '';
  const pending = new Map<string, Pending>();
  const sent: SentNotice[] = [];
  let transactions = 14_422_574;
  /** ZaloPay's orders as its /v2/query tells them: 1 paid, 2 failed, 3 not paid yet. */
  const zalopayOrders = new Map<string, { code: 1 | 2 | 3; amount: number; zpTransId: number }>();

  async function notify(gateway: string, method: 'GET' | 'POST', url: string, body?: unknown) {
    try {
      const res = await fetch(url, {
        method,
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      sent.push({ gateway, method, url, body, status: res.status, answer: await res.text() });
    } catch (err) {
      // A server that cannot be reached: the gateway would retry later; the browser goes back all the same.
      sent.push({ gateway, method, url, body, status: 0, answer: String(err) });
    }
  }

  const page = (
    token: string,
    title: string,
    amount: number,
  ) => `<!doctype html><html lang="vi"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><title>${title}</title></head>
<body style="font-family:sans-serif;max-width:420px;margin:40px auto">
<h1>${title}</h1><p data-testid="fake-amount">${amount.toLocaleString('en-US')} VND</p>
<form method="post" action="/finish/${token}"><button name="paid" value="1">Pay</button>
<button name="paid" value="0">Cancel</button></form></body></html>`;

  const json = (res: ServerResponse, body: unknown, status = 200) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  function vnpayPay(url: URL, res: ServerResponse) {
    const fields = Object.fromEntries(url.searchParams);
    const { hash } = vnpaySign(keys.vnpay.hashSecret, fields);
    if (fields.vnp_SecureHash?.toLowerCase() !== hash || fields.vnp_TmnCode !== keys.vnpay.tmnCode) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Sai chữ ký (invalid signature)');
      return;
    }
    const amount = Number(fields.vnp_Amount) / 100;
    const token = randomBytes(12).toString('hex');
    pending.set(token, {
      gateway: 'vnpay',
      amount,
      async finish(paid) {
        const result: Record<string, string> = {
          vnp_Amount: fields.vnp_Amount ?? '',
          vnp_BankCode: 'NCB',
          vnp_BankTranNo: `VNP${transactions}`,
          vnp_CardType: 'ATM',
          vnp_OrderInfo: fields.vnp_OrderInfo ?? '',
          vnp_PayDate: vietnamNow(),
          vnp_ResponseCode: paid ? '00' : '24',
          vnp_TmnCode: keys.vnpay.tmnCode,
          vnp_TransactionNo: paid ? String(transactions++) : '0',
          vnp_TransactionStatus: paid ? '00' : '02',
          vnp_TxnRef: fields.vnp_TxnRef ?? '',
        };
        const signed = vnpaySign(keys.vnpay.hashSecret, result);
        const query = `${signed.query}&vnp_SecureHash=${signed.hash}`;
        await notify('vnpay', 'GET', `${vnpayIpnUrl}?${query}`);
        return `${fields.vnp_ReturnUrl}?${query}`;
      },
    });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(token, 'VNPay (fake)', amount));
  }

  function zalopayCreate(form: URLSearchParams, origin: string, res: ServerResponse) {
    const f = Object.fromEntries(form);
    const mac = hmac(
      'sha256',
      keys.zalopay.key1,
      [f.app_id, f.app_trans_id, f.app_user, f.amount, f.app_time, f.embed_data, f.item].join('|'),
    );
    if (f.mac !== mac || f.app_id !== keys.zalopay.appId)
      return json(res, { return_code: 2, return_message: 'Giao dịch thất bại', sub_return_code: -402 });
    const amount = Number(f.amount);
    const token = randomBytes(12).toString('hex');
    const redirect = (JSON.parse(f.embed_data ?? '{}') as { redirecturl?: string }).redirecturl ?? '';
    const known = { code: 3 as 1 | 2 | 3, amount, zpTransId: 0 };
    zalopayOrders.set(f.app_trans_id ?? '', known);
    pending.set(token, {
      gateway: 'zalopay',
      amount,
      async finish(paid) {
        known.code = paid ? 1 : 2;
        known.zpTransId = paid ? transactions : 0;
        // ZaloPay calls back only for a payment made; a refusal is learnt from /v2/query.
        if (paid)
          await notify(
            'zalopay',
            'POST',
            f.callback_url ?? '',
            zalopayCallback(keys.zalopay.key2, {
              app_id: Number(f.app_id),
              app_trans_id: f.app_trans_id,
              app_time: Number(f.app_time),
              app_user: f.app_user,
              amount,
              embed_data: f.embed_data,
              item: f.item,
              zp_trans_id: transactions++,
              server_time: Date.now(),
              channel: 38,
              merchant_user_id: 'fake-merchant-user',
              user_fee_amount: 0,
              discount_amount: 0,
            }),
          );
        const back = {
          appid: f.app_id ?? '',
          apptransid: f.app_trans_id ?? '',
          pmcid: '38',
          bankcode: '',
          amount: String(amount),
          discountamount: '0',
          status: paid ? '1' : '-49',
        };
        const checksum = hmac('sha256', keys.zalopay.key2, Object.values(back).join('|'));
        return `${redirect}?${new URLSearchParams({ ...back, checksum })}`;
      },
    });
    return json(res, {
      return_code: 1,
      return_message: 'Giao dịch thành công',
      sub_return_code: 1,
      order_url: `${origin}/zalopay/pay/${token}`,
      zp_trans_token: token,
    });
  }

  function zalopayQuery(form: URLSearchParams, res: ServerResponse) {
    const f = Object.fromEntries(form);
    const mac = hmac('sha256', keys.zalopay.key1, [f.app_id, f.app_trans_id, keys.zalopay.key1].join('|'));
    if (f.mac !== mac || f.app_id !== keys.zalopay.appId)
      return json(res, { return_code: 2, return_message: 'Giao dịch thất bại', sub_return_code: -402 });
    const known = zalopayOrders.get(f.app_trans_id ?? '');
    if (!known) return json(res, { return_code: 2, return_message: 'Giao dịch thất bại', sub_return_code: -92 });
    return json(res, {
      return_code: known.code,
      return_message: known.code === 1 ? 'Giao dịch thành công' : 'Giao dịch thất bại',
      sub_return_code: known.code === 1 ? 1 : known.code === 2 ? -49 : -1,
      is_processing: known.code === 3,
      amount: known.amount,
      zp_trans_id: known.zpTransId,
    });
  }

  function momoCreate(body: Record<string, unknown>, origin: string, res: ServerResponse) {
    const s = (k: string) => String(body[k] ?? '');
    const raw = [
      `accessKey=${keys.momo.accessKey}`,
      ...[
        'amount',
        'extraData',
        'ipnUrl',
        'orderId',
        'orderInfo',
        'partnerCode',
        'redirectUrl',
        'requestId',
        'requestType',
      ].map((k) => `${k}=${s(k)}`),
    ].join('&');
    if (s('signature') !== hmac('sha256', keys.momo.secretKey, raw) || s('partnerCode') !== keys.momo.partnerCode)
      return json(res, { resultCode: 11, message: 'Access denied.' });
    const amount = Number(body.amount);
    const token = randomBytes(12).toString('hex');
    pending.set(token, {
      gateway: 'momo',
      amount,
      async finish(paid) {
        const result = momoResult(keys.momo, {
          partnerCode: keys.momo.partnerCode,
          orderId: s('orderId'),
          requestId: s('requestId'),
          amount,
          orderInfo: s('orderInfo'),
          orderType: 'momo_wallet',
          transId: paid ? transactions++ : 0,
          resultCode: paid ? 0 : 1006,
          message: paid ? 'Successful.' : 'Transaction denied by user.',
          payType: 'qr',
          responseTime: Date.now(),
          extraData: s('extraData'),
        });
        await notify('momo', 'POST', s('ipnUrl'), result);
        const query = new URLSearchParams(Object.entries(result).map(([k, v]): [string, string] => [k, String(v)]));
        return `${s('redirectUrl')}?${query}`;
      },
    });
    return json(res, {
      partnerCode: keys.momo.partnerCode,
      requestId: s('requestId'),
      orderId: s('orderId'),
      amount,
      responseTime: Date.now(),
      message: 'Thành công.',
      resultCode: 0,
      payUrl: `${origin}/momo/pay/${token}`,
    });
  }

  const server = createServer((req, res) => {
    const origin = `http://${req.headers.host}`;
    const url = new URL(req.url ?? '/', origin);
    if (req.method === 'GET' && url.pathname === '/paymentv2/vpcpay.html') return vnpayPay(url, res);
    const shown = /^\/(zalopay|momo)\/pay\/(\w+)$/.exec(url.pathname);
    if (req.method === 'GET' && shown) {
      const held = pending.get(shown[2] as string);
      if (!held) return void res.writeHead(404).end();
      const title = held.gateway === 'momo' ? 'MoMo (fake)' : 'ZaloPay (fake)';
      return void res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(page(shown[2] as string, title, held.amount));
    }
    void readBody(req).then(async (body) => {
      try {
        if (req.method === 'POST' && url.pathname === '/v2/create')
          return zalopayCreate(new URLSearchParams(body), origin, res);
        if (req.method === 'POST' && url.pathname === '/v2/query') return zalopayQuery(new URLSearchParams(body), res);
        if (req.method === 'POST' && url.pathname === '/v2/gateway/api/create')
          return momoCreate(JSON.parse(body) as Record<string, unknown>, origin, res);
        const finishing = /^\/finish\/(\w+)$/.exec(url.pathname);
        const held = finishing && pending.get(finishing[1] as string);
        if (req.method === 'POST' && held) {
          pending.delete(finishing[1] as string);
          const back = await held.finish(new URLSearchParams(body).get('paid') === '1');
          return void res.writeHead(302, { location: back }).end();
        }
        res.writeHead(404).end();
      } catch (err) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    keys,
    /** What each fake sent to the server, in order, with the answers. */
    sent,
    /** The variables that point Portico at these fakes. */
    env: {
      VNPAY_TMN_CODE: keys.vnpay.tmnCode,
      VNPAY_HASH_SECRET: keys.vnpay.hashSecret,
      VNPAY_PAY_URL: `${base}/paymentv2/vpcpay.html`,
      ZALOPAY_APP_ID: keys.zalopay.appId,
      ZALOPAY_KEY1: keys.zalopay.key1,
      ZALOPAY_KEY2: keys.zalopay.key2,
      ZALOPAY_BASE_URL: base,
      MOMO_PARTNER_CODE: keys.momo.partnerCode,
      MOMO_ACCESS_KEY: keys.momo.accessKey,
      MOMO_SECRET_KEY: keys.momo.secretKey,
      MOMO_BASE_URL: base,
    },
    /** Pays (or cancels) a payment page's payment as the person would; answers where the browser is sent. */
    async finish(payUrl: string, paid = true) {
      const res = await fetch(payUrl);
      const token = /action="\/finish\/(\w+)"/.exec(await res.text())?.[1];
      if (!token) throw new Error(`no payment page at ${payUrl} (${res.status})`);
      const done = await fetch(`${base}/finish/${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `paid=${paid ? 1 : 0}`,
        redirect: 'manual',
      });
      return done.headers.get('location') ?? '';
    },
    setVnpayIpnUrl(url: string) {
      vnpayIpnUrl = url;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
