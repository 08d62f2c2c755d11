import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mailbox } from '../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  readonly transport: 'smtp' | 'mailbox';
}

/**
 * SMTP through nodemailer when SMTP_URL is set. Otherwise the local mailbox: the message is kept
 * in the `mailbox` table and printed to the server log so a developer can follow the link.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; db: Db; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      transport: 'smtp',
      async send(mail) {
        await transporter.sendMail({ from: opts.from, ...mail });
        await opts.db.insert(mailbox).values({ ...mail, text: '(sent by SMTP)', html: null, transport: 'smtp' });
      },
    };
  }
  return {
    transport: 'mailbox',
    async send(mail) {
      await opts.db.insert(mailbox).values({ ...mail, transport: 'mailbox' });
      opts.log.info({ to: mail.to, subject: mail.subject }, `Local mailbox (no SMTP_URL set):\n${mail.text}`);
    },
  };
}
