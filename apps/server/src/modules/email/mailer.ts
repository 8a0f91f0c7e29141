import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  /** Our Message-ID (`<...@...>`), the same on every attempt of one message. */
  messageId: string;
  attachment: { filename: string; content: Buffer };
}

export interface Mailer {
  /** Sends one message; answers the SMTP server's reply to it (e.g. `250 2.0.0 Ok: queued as 4F2A`). */
  send(mail: OutgoingMail): Promise<{ response: string; messageId: string }>;
  close(): void;
}

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
        attachments: [
          {
            filename: mail.attachment.filename,
            content: mail.attachment.content,
            contentType: 'application/pdf',
          },
        ],
      });
      return { response: String(info.response ?? ''), messageId: String(info.messageId ?? mail.messageId) };
    },
    close: () => transport.close(),
  };
}
