import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, lastCode, sendCode } from '../../test/helper';

/** A real SMTP conversation: the app's nodemailer client talks to a local smtp-server that records the message. */
describe('e-mail codes over SMTP', async () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const app = await buildTestApp({ CAPTCHA_TEST_MODE: '1', OUTBOX: '1', SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'no-reply@mazhu.test' });

  it('delivers the verification code through the SMTP server', async () => {
    const to = `smtp${Date.now()}@example.com`;
    const r = await sendCode(app, to, 1);
    expect(r).toMatchObject({ code: 200, data: { type: 'email' } });
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual([to]);
    expect(received[0].from).toBe('no-reply@mazhu.test');
    const code = await lastCode(app, to);
    // The body is quoted-printable or base64 encoded UTF-8; the 6 ASCII digits survive either way once decoded.
    const decoded = decodeMime(received[0].data);
    expect(decoded).toContain(code);
    expect(decoded).toContain('验证码');
  });
});

function decodeMime(raw: string): string {
  const [, ...rest] = raw.split(/\r?\n\r?\n/);
  const bodyText = rest.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(raw)) return Buffer.from(bodyText.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(raw)) {
    const bytes = bodyText.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return bodyText;
}
