import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../testing/app.js';

describe('local outbox', () => {
  const t = useTestApp();

  it('keeps every e-mail and SMS and lists them newest first by recipient', async () => {
    await t.deps.mailer.send({
      to: 'ann@example.com',
      subject: 'Mã xác minh',
      text: 'Mã của bạn: 123456',
      code: '123456',
    });
    await t.deps.sms.send({ to: '0912345678', text: 'Ma: 654321', code: '654321' });
    await t.deps.mailer.send({ to: 'ann@example.com', subject: 'Second', text: 'Again', code: '999999' });

    const res = await t.app.inject('/dev/outbox?to=ann@example.com');
    expect(res.statusCode).toBe(200);
    const list = res.json().result;
    expect(list.map((m: { code: string }) => m.code)).toEqual(['999999', '123456']);
    expect(list[1]).toMatchObject({ channel: 'email', to: 'ann@example.com', subject: 'Mã xác minh' });

    const sms = (await t.app.inject('/dev/outbox?to=0912345678')).json().result;
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms', code: '654321' });
    expect((await t.app.inject('/dev/outbox?to=nobody@example.com')).json()).toEqual({ result: [] });
  });

  it('shows the mailbox page with the messages escaped', async () => {
    await t.deps.mailer.send({ to: 'x@example.com', subject: '<script>alert(1)</script>', text: 'hi' });
    const res = await t.app.inject('/dev/mailbox');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).not.toContain('<script>alert(1)');
  });

  it('rejects a bad limit with a 400 envelope', async () => {
    const res = await t.app.inject('/dev/outbox?limit=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().exception.message).toBeTypeOf('string');
  });
});

describe('real transports', () => {
  it('sends mail through SMTP and turns the outbox routes off', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, SMS_URL: 'http://127.0.0.1:9/sms' });
    try {
      expect(t.deps.mailer.kind).toBe('smtp');
      await t.deps.mailer.send({ to: 'bob@example.com', subject: 'Hello Bob', text: 'Your code is 246810' });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Hello Bob');
      expect(received[0]).toContain('Your code is 246810');
      expect(received[0]).toMatch(/To: bob@example\.com/);
      expect((await t.app.inject('/dev/outbox?to=bob@example.com')).statusCode).toBe(404);
      expect((await t.app.inject('/dev/mailbox')).statusCode).toBe(404);
    } finally {
      await t.close();
      server.close();
    }
  });
});
