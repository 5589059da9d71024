// Reads the mail the server wrote to DATA_DIR/mail (no SMTP_URL): the newest message to an address.
import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export type ReadMail = {
  subject: string;
  text: string;
  html: string;
  links: string[];
  file: string;
};

export async function readLatestMail(dataDir: string, to: string): Promise<ReadMail> {
  const folder = path.join(dataDir, 'mail');
  const wanted = to.toLowerCase();
  const files = (await fs.readdir(folder))
    .filter((name) => name.toLowerCase().endsWith(`-${wanted}.eml`))
    .sort();
  const newest = files.at(-1);
  if (!newest) throw new Error(`No mail to ${to} in ${folder}`);
  const file = path.join(folder, newest);
  const parsed = await simpleParser(await fs.readFile(file));
  const text = parsed.text ?? '';
  const links = [...new Set(text.match(/https?:\/\/\S+/g) ?? [])];
  return {
    subject: parsed.subject ?? '',
    text,
    html: typeof parsed.html === 'string' ? parsed.html : '',
    links,
    file,
  };
}

/**
 * Waits (up to `timeoutMs`) for the newest mail to an address whose subject matches: for mail the server sends
 * after it has answered, such as the forgot-password link.
 */
export async function waitForMail(
  dataDir: string,
  to: string,
  subject: RegExp,
  timeoutMs = 5000,
): Promise<ReadMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = await readLatestMail(dataDir, to).catch(() => null);
    if (mail && subject.test(mail.subject)) return mail;
    if (Date.now() > deadline)
      throw new Error(`No mail to ${to} with a subject like ${subject} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
