import nodemailer from 'nodemailer';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mailbox } from '../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** What the transport answered: the Message-ID, and the SMTP server's reply when there is one. */
export interface SentMail {
  messageId: string;
  response: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<SentMail>;
  readonly transport: 'smtp' | 'mailbox';
}

/**
 * SMTP through nodemailer when SMTP_URL is set: nothing of the message reaches the log. Otherwise the
 * local mailbox: the message is kept in the `mailbox` table, and only the fact of it is logged: the
 * text carries reset links, which must not sit in logs. A developer who wants to follow a link from
 * the log asks for it (`logText`, MAIL_LOG_TEXT=1; refused in production), never by default.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; db: Db; log: FastifyBaseLogger; logText: boolean }): Mailer {
  if (opts.smtpUrl) {
    const transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      transport: 'smtp',
      async send(mail) {
        const info = (await transporter.sendMail({ from: opts.from, ...mail })) as { messageId?: string; response?: string };
        await opts.db.insert(mailbox).values({ to: mail.to, subject: mail.subject, text: '(sent by SMTP)', html: null, transport: 'smtp' });
        return { messageId: info.messageId ?? '', response: info.response ?? '' };
      },
    };
  }
  return {
    transport: 'mailbox',
    async send(mail) {
      const files = mail.attachments?.length ? `\n\n[Attached: ${mail.attachments.map((a) => a.filename).join(', ')}]` : '';
      await opts.db
        .insert(mailbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text + files, html: mail.html ?? null, transport: 'mailbox' });
      // Attachments (letters) never reach the log; the text only when a developer asked for it.
      if (!opts.logText || mail.attachments?.length)
        opts.log.info({ subject: mail.subject }, 'Message kept in the local mailbox table (no SMTP_URL set)');
      else opts.log.info({ to: mail.to, subject: mail.subject }, `Local mailbox (no SMTP_URL set):\n${mail.text}`);
      return { messageId: `<${randomUUID()}@mailbox.wardnote.local>`, response: 'Kept in the local mailbox (no SMTP_URL set)' };
    },
  };
}

/**
 * The origin of links in e-mails: PUBLIC_URL, else this server's own listening origin. Never the
 * request's Host or X-Forwarded-Host, which anyone can set.
 */
export function linkOrigin(publicUrl: string | undefined, server: { address(): AddressInfo | string | null }, port: number): string {
  if (publicUrl) return publicUrl;
  const addr = server.address();
  return `http://localhost:${addr && typeof addr === 'object' ? addr.port : port}`;
}
