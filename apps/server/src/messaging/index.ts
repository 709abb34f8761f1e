import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';

/** One message sent to a user (SMS or e-mail), as kept by the dev outbox. */
export interface OutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** Delivers verification messages. Errors reject; callers turn them into a Chinese user error. */
export interface MessageSender {
  sendSms(mobile: string, text: string): Promise<void>;
  sendEmail(to: string, subject: string, text: string): Promise<void>;
}

/** In-memory record of the last 500 messages, exposed by GET /api/dev/outbox when OUTBOX=1 (never in production). */
export class Outbox {
  private readonly messages: OutboxMessage[] = [];
  constructor(private readonly cap = 500) {}
  add(m: OutboxMessage): void {
    this.messages.push(m);
    if (this.messages.length > this.cap) this.messages.splice(0, this.messages.length - this.cap);
  }
  /** Messages to `account`, newest first. */
  list(account?: string): OutboxMessage[] {
    return this.messages.filter((m) => !account || m.to === account).reverse();
  }
}

/**
 * Builds the sender from the configuration:
 * - e-mail through SMTP with nodemailer when `SMTP_URL` is set, else the log (and the outbox); in production
 *   (NODE_ENV=production) a message is never written to the log: without SMTP_URL / SMS_GATEWAY_URL sending fails;
 * - SMS through an HTTP gateway when `SMS_GATEWAY_URL` is set (POST JSON `{mobile, text}` with
 *   `Authorization: Bearer SMS_GATEWAY_KEY`; adapt Aliyun/Tencent behind such a relay), else the log (and the outbox).
 * Every message is also recorded in `outbox` when one is given (OUTBOX=1).
 */
export function createMessageSender(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'smsGatewayUrl' | 'smsGatewayKey'> & { env?: AppConfig['env'] },
  log: FastifyBaseLogger,
  outbox?: Outbox,
): MessageSender {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  const record = (m: Omit<OutboxMessage, 'sentAt'>) => outbox?.add({ ...m, sentAt: new Date().toISOString() });
  return {
    async sendSms(mobile, text) {
      if (config.smsGatewayUrl) {
        const res = await fetch(config.smsGatewayUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${config.smsGatewayKey ?? ''}` },
          body: JSON.stringify({ mobile, text }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
      } else if (config.env === 'production') {
        // A message may carry a verification code: production never writes it to the log.
        log.warn({ channel: 'sms' }, 'SMS not sent: SMS_GATEWAY_URL is not configured');
        throw new Error('no SMS gateway configured');
      } else {
        log.info({ channel: 'sms', to: mobile }, `[SMS] ${text}`);
      }
      record({ channel: 'sms', to: mobile, subject: '短信验证码', text });
    },
    async sendEmail(to, subject, text) {
      if (transport) {
        await transport.sendMail({ from: config.mailFrom, to, subject, text });
      } else if (config.env === 'production') {
        log.warn({ channel: 'email' }, 'e-mail not sent: SMTP_URL is not configured');
        throw new Error('no SMTP server configured');
      } else {
        log.info({ channel: 'email', to }, `[E-mail] ${subject}: ${text}`);
      }
      record({ channel: 'email', to, subject, text });
    },
  };
}
