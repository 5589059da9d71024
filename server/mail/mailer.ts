// Outgoing mail through nodemailer: SMTP when SMTP_URL is set, otherwise one .eml file per message in
// DATA_DIR/mail (so the demo and the tests work offline), with the message's link in the log.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter, createTransport } from 'nodemailer';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about; logged when mail goes to files. */
  link?: string;
};

export type Mailer = { send: (mail: OutgoingMail) => Promise<void>; outbox?: string };

/** nodemailer (about 430 KB of the bundle) is loaded by the first message, not by every start (decision 057). */
function lazyTransport(options: Parameters<typeof createTransport>[0]) {
  let transport: Promise<Transporter> | undefined;
  return () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(options),
    ));
}

export function createMailer(options: {
  smtpUrl?: string;
  dataDir: string;
  /** The sender, read at each send: the site's name may change (Web Info). */
  from: () => string;
  log: Record<'info' | 'error', (object: object, message: string) => void>;
}): Mailer {
  if (options.smtpUrl) {
    const transport = lazyTransport(options.smtpUrl);
    return {
      async send(mail) {
        await (
          await transport()
        ).sendMail({
          from: options.from(),
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const outbox = path.join(options.dataDir, 'mail');
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outbox,
    async send(mail) {
      const info = await (
        await transport()
      ).sendMail({
        from: options.from(),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await fs.mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = mail.to.replace(/[^\w@.+-]/g, '_');
      const file = path.join(outbox, `${stamp}-${process.hrtime.bigint()}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      options.log.info(
        { to: mail.to, subject: mail.subject, file, link: mail.link },
        'mail written',
      );
    },
  };
}
