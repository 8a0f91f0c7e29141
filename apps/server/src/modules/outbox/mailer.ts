import nodemailer from 'nodemailer';
import type { Mailer } from '../../deps';

export type { Mailer, OutgoingMail } from '../../deps';

/** SMTP through nodemailer, from SMTP_URL (`smtp://` or `smtps://`, credentials in the URL). */
export function createMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: mail.from,
        to: mail.to,
        cc: mail.cc.length ? mail.cc : undefined,
        subject: mail.subject,
        text: mail.text,
        messageId: mail.messageId,
        attachments: mail.attachment
          ? [{ filename: mail.attachment.filename, content: mail.attachment.content, contentType: 'application/pdf' }]
          : [],
      });
      return { response: String(info.response ?? ''), messageId: String(info.messageId ?? mail.messageId) };
    },
    close: () => transport.close(),
  };
}
