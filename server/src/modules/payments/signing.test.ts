import { describe, expect, it, vi } from 'vitest';
import { createMomo, momoSignedData } from './momo.js';
import { hmacHex, vietnamStamp } from './signing.js';
import { createVnpay, phpUrlencode, vnpaySignedData } from './vnpay.js';
import { createZalopay } from './zalopay.js';

// Published vectors: each gateway's scheme, checked against a signature someone else computed
// (sources in the comments), so an adapter cannot agree only with the fakes the tests start.

describe('VNPay signing', () => {
  // lehuygiang28/vnpay test/__helpers__/test-fixtures.ts: a return query signed with 'test_secret'.
  const returnQuery = {
    vnp_Amount: '1000000',
    vnp_BankCode: 'NCB',
    vnp_BankTranNo: 'VNP14422574',
    vnp_CardType: 'ATM',
    vnp_OrderInfo: 'Thanh toan don hang 2024-05-21T02:17:31.249Z',
    vnp_PayDate: '20240521091806',
    vnp_ResponseCode: '00',
    vnp_TmnCode: 'TEST_TMN_CODE',
    vnp_TransactionNo: '14422574',
    vnp_TransactionStatus: '00',
    vnp_TxnRef: '1716257871703',
    vnp_SecureHash:
      '649982421beb422556a1374713c74e58e716ecbd05007c0c0e1f7effdfaf361dbf146889ca446139afe11b9954c4d5c486e99e3b86fcfab6957f29eb0be72895',
  };
  const vnpay = createVnpay({
    tmnCode: 'TEST_TMN_CODE',
    hashSecret: 'test_secret',
    payUrl: 'https://pay.test/vpcpay.html',
  });

  it('signs the sorted, urlencoded fields with HMAC-SHA512 as VNPay does', () => {
    expect(vnpaySignedData(returnQuery)).toBe(
      'vnp_Amount=1000000&vnp_BankCode=NCB&vnp_BankTranNo=VNP14422574&vnp_CardType=ATM&vnp_OrderInfo=Thanh+toan+don+hang+2024-05-21T02%3A17%3A31.249Z&vnp_PayDate=20240521091806&vnp_ResponseCode=00&vnp_TmnCode=TEST_TMN_CODE&vnp_TransactionNo=14422574&vnp_TransactionStatus=00&vnp_TxnRef=1716257871703',
    );
    // lehuygiang28/vnpay test/unit/utils/payment-util.test.ts
    expect(
      hmacHex(
        'sha512',
        'YOUR_SECURE_SECRET',
        'vnp_Amount=10000&vnp_OrderInfo=Payment+for+order+%231234567890&vnp_TnxRef=1234567890',
      ),
    ).toBe(
      '7bb8160a5d2085a85b3267817a40ee4f770a335282f19714726e6fc6f28a64c75a1e7e9c1aa96f3cbda5ce44095088fb4cb2af66c596d2f655b0b53966312089',
    );
    expect(phpUrlencode("a b~*!'()é")).toBe('a+b%7E%2A%21%27%28%29%C3%A9');
  });

  it('takes the published notification and refuses it altered', () => {
    expect(vnpay.readNotice({ query: returnQuery, body: undefined })).toEqual({
      reference: '1716257871703',
      amount: 10000,
      outcome: 'paid',
      transaction: '14422574',
      resultCode: '00',
    });
    expect(vnpay.readReturn(returnQuery)).toBe('1716257871703');
    expect(vnpay.readNotice({ query: { ...returnQuery, vnp_Amount: '2000000' }, body: undefined })).toBeUndefined();
    expect(vnpay.readNotice({ query: { ...returnQuery, vnp_SecureHash: 'ab' }, body: undefined })).toBeUndefined();
    expect(vnpay.answer('confirmed')).toEqual({ status: 200, body: { RspCode: '00', Message: 'Confirm Success' } });
    expect(vnpay.answer('already').body?.RspCode).toBe('02');
    expect(vnpay.answer('bad_amount').body?.RspCode).toBe('04');
    expect(vnpay.answer('bad_signature').body?.RspCode).toBe('97');
  });

  it('builds a payment URL whose signature VNPay would check, in Vietnam time', async () => {
    const url = new URL(
      await vnpay.start({
        reference: 'V1',
        amount: 1_250_000,
        orderId: 7,
        description: 'Thanh toan don hang 7',
        returnUrl: 'https://portico.test/payment/vnpay/return',
        notifyUrl: 'https://portico.test/payment/vnpay/notify',
        locale: 'vi-VN',
        ip: '203.0.113.9',
      }),
    );
    const query = Object.fromEntries(url.searchParams);
    expect(query.vnp_Amount).toBe('125000000');
    expect(query.vnp_CreateDate).toMatch(/^\d{14}$/);
    expect(hmacHex('sha512', 'test_secret', vnpaySignedData(query))).toBe(query.vnp_SecureHash);
    expect(vietnamStamp(new Date('2026-11-27T20:30:05Z'))).toBe('20261128033005');
  });
});

describe('ZaloPay signing', () => {
  // docs.zalopay.vn/docs/specs/callback-api: the sample callback of sandbox app 2553.
  const data =
    '{"app_id":2553,"app_trans_id":"200904_2553_1598435687208","app_time":1599189392817,"app_user":"demo","amount":10000,"embed_data":"{\\"merchantinfo\\":\\"embeddata123\\",\\"promotioninfo\\":\\"\\"}","item":"[{\\"itemid\\":\\"knb\\",\\"itemname\\":\\"kim nguyen bao\\",\\"itemprice\\":198400,\\"itemquantity\\":1}]","zp_trans_id":200904000000389,"server_time":1599189413498,"channel":38,"merchant_user_id":"7ZMSl3nEg5sOUJzOLSoUFT8xKNQVaLOLXHB--8Eytqc","user_fee_amount":0,"discount_amount":0}';
  const mac = 'd8d33baf449b31d7f9b94fa50d7c942c08cd4d83f28fa185557da21acb104f67';
  const zalopay = createZalopay({ appId: '2553', key1: 'k1', key2: 'kLtgPl8HHhfvMuDHPwKfgfsY4Ydm9eIz', baseUrl: 'x' });

  it('takes the published callback and refuses it altered', () => {
    expect(zalopay.readNotice({ query: {}, body: { data, mac, type: 1 } })).toEqual({
      reference: '200904_2553_1598435687208',
      amount: 10000,
      outcome: 'paid',
      transaction: '200904000000389',
      resultCode: '1',
    });
    expect(zalopay.readNotice({ query: {}, body: { data: data.replace('10000', '1000'), mac } })).toBeUndefined();
    expect(zalopay.answer('confirmed').body).toEqual({ return_code: 1, return_message: 'success' });
    expect(zalopay.answer('already').body?.return_code).toBe(2);
  });

  it("signs an order with key1 over ZaloPay's field order", async () => {
    // docs.zalopay.vn/docs/qrcode/api.html: app 553's sample order.
    expect(
      hmacHex('sha256', '9phuAOYhan4urywHTh0ndEXiV3pKHr5Q', '553|200904_000234|user123|10000|1599202366026|{}|[]'),
    ).toBe('7e95836a9feace32458f23416feea423172ef0a098f27a668a1e10788b5a6838');
    const sent: URLSearchParams[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push(new URLSearchParams(String(init.body)));
      return Response.json({ return_code: 1, order_url: 'https://zalopay.test/pay' });
    });
    try {
      const app = createZalopay({ appId: '553', key1: '9phuAOYhan4urywHTh0ndEXiV3pKHr5Q', key2: 'k2', baseUrl: 'x' });
      const start = {
        reference: '200904_000234',
        amount: 10000,
        orderId: 1,
        description: 'd',
        returnUrl: 'r',
        notifyUrl: 'n',
      };
      expect(await app.start({ ...start, locale: 'vi-VN', ip: '::1' })).toBe('https://zalopay.test/pay');
      const f = Object.fromEntries(sent[0] as URLSearchParams);
      const order = [f.app_id, f.app_trans_id, f.app_user, f.amount, f.app_time, f.embed_data, f.item].join('|');
      expect(f.mac).toBe(hmacHex('sha256', '9phuAOYhan4urywHTh0ndEXiV3pKHr5Q', order));
      expect(JSON.parse(f.embed_data as string)).toEqual({ redirecturl: 'r' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('MoMo signing', () => {
  it("signs a create request over MoMo's raw field order", () => {
    // MoMo's sandbox sample credentials (momo-wallet/payment nodejs/MoMo.js); no published
    // signature verifies, so this pins the string and its HMAC-SHA256.
    const raw = momoSignedData('F8BBA842ECF85', [
      ['amount', '50000'],
      ['extraData', ''],
      ['ipnUrl', 'https://callback.url/notify'],
      ['orderId', 'MOMO1700000000000'],
      ['orderInfo', 'pay with MoMo'],
      ['partnerCode', 'MOMO'],
      ['redirectUrl', 'https://momo.vn/return'],
      ['requestId', 'MOMO1700000000000'],
      ['requestType', 'captureWallet'],
    ]);
    expect(raw).toBe(
      'accessKey=F8BBA842ECF85&amount=50000&extraData=&ipnUrl=https://callback.url/notify&orderId=MOMO1700000000000&orderInfo=pay with MoMo&partnerCode=MOMO&redirectUrl=https://momo.vn/return&requestId=MOMO1700000000000&requestType=captureWallet',
    );
    expect(hmacHex('sha256', 'K951B6PE1waDMi640xX08PD3vg6EkVlz', raw)).toBe(
      '4378bb95714712f6be833da81f743910a01e5ba6279bfe596b8a08e891259424',
    );
  });

  it('takes a signed IPN, refuses it altered, and answers 204', () => {
    const momo = createMomo({ partnerCode: 'MOMO', accessKey: 'ak', secretKey: 'sk', baseUrl: 'x' });
    const ipn = {
      partnerCode: 'MOMO',
      orderId: 'M1',
      requestId: 'M1',
      amount: 50000,
      orderInfo: 'pay',
      orderType: 'momo_wallet',
      transId: 4088878653,
      resultCode: 0,
      message: 'Successful.',
      payType: 'qr',
      responseTime: 1721720663942,
      extraData: '',
    };
    const raw = `accessKey=ak&amount=50000&extraData=&message=Successful.&orderId=M1&orderInfo=pay&orderType=momo_wallet&partnerCode=MOMO&payType=qr&requestId=M1&responseTime=1721720663942&resultCode=0&transId=4088878653`;
    const signed = { ...ipn, signature: hmacHex('sha256', 'sk', raw) };
    expect(momo.readNotice({ query: {}, body: signed })).toMatchObject({
      reference: 'M1',
      amount: 50000,
      outcome: 'paid',
    });
    expect(momo.readNotice({ query: {}, body: { ...signed, resultCode: 1006 } })).toBeUndefined();
    expect(momo.answer('confirmed')).toEqual({ status: 204 });
  });
});
