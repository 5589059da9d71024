// The mailer on real files and a real SMTP conversation: without SMTP_URL each message becomes an .eml file in
// DATA_DIR/mail (named by time and recipient) with its link logged; with SMTP_URL it goes to that server.
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readLatestMail } from '#tests/mail-utils.ts';
import { createMailer } from './mailer.ts';
import { accountMail } from './templates.ts';

const folders: string[] = [];
afterEach(async () => {
  for (const dir of folders.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

function collectingLog() {
  const lines: Array<{ level: string; object: object; message: string }> = [];
  return {
    lines,
    info: (object: object, message: string) => lines.push({ level: 'info', object, message }),
    error: (object: object, message: string) => lines.push({ level: 'error', object, message }),
  };
}

const verifyLink =
  'http://localhost:3000/auth/verify?verify_url=http%3A%2F%2Flocalhost%3A3000%2Fapi%2Fauth%2Fverify-email%3Ftoken%3Dabc';

describe('the outbox folder (no SMTP_URL)', () => {
  it('writes one .eml per message, named by time and recipient, and logs its link at info', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'phim-mail-'));
    folders.push(dataDir);
    const log = collectingLog();
    const mailer = createMailer({ dataDir, from: () => 'Phim <no-reply@localhost>', log });
    expect(mailer.outbox).toBe(path.join(dataDir, 'mail'));

    await mailer.send(
      accountMail('verify', {
        to: 'Lan@Example.com',
        name: 'Lan <b>',
        locale: 'en',
        url: verifyLink,
        site: 'Phim',
      }),
    );
    await mailer.send(
      accountMail('reset', {
        to: 'Lan@Example.com',
        name: 'Lan',
        locale: 'vi',
        url: 'http://localhost:3000/auth/reset/tok123',
        site: 'Phim',
      }),
    );
    const files = await fs.readdir(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(2);
    for (const file of files)
      expect(file).toMatch(
        /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-\d+-Lan@Example\.com\.eml$/,
      );

    // The newest for the address, whatever the case of the address.
    const latest = await readLatestMail(dataDir, 'lan@example.com');
    expect(latest.subject).toBe('Đặt lại mật khẩu Phim');
    expect(latest.links).toEqual(['http://localhost:3000/auth/reset/tok123']);
    expect(latest.text).toContain('60 phút');
    expect(latest.html).toContain('href="http://localhost:3000/auth/reset/tok123"');

    expect(log.lines).toHaveLength(2);
    expect(log.lines[0]).toMatchObject({
      level: 'info',
      message: 'mail written',
      object: { to: 'Lan@Example.com', subject: 'Verify your email for Phim', link: verifyLink },
    });
  });

  it('escapes names in the HTML part and keeps both parts', async () => {
    const mail = accountMail('changeEmail', {
      to: 'a@example.com',
      name: '<script>x</script>',
      locale: 'en',
      url: verifyLink,
      site: 'Phim',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
    expect(mail.text).toContain(verifyLink);
    expect(mail.subject).toBe('Confirm your new email for Phim');
  });
});

/** Just enough of SMTP (RFC 5321) to receive messages: greets, accepts every command, keeps the DATA. */
async function smtpServer() {
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 queued\r\n');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('SMTP (SMTP_URL set)', () => {
  it('sends to that server and writes no file', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'phim-mail-'));
    folders.push(dataDir);
    const smtp = await smtpServer();
    try {
      const log = collectingLog();
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        dataDir,
        from: () => 'Phim <no-reply@localhost>',
        log,
      });
      await mailer.send(
        accountMail('verify', {
          to: 'viewer@example.com',
          name: 'Viewer',
          locale: 'vi',
          url: verifyLink,
          site: 'Phim',
        }),
      );
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['RCPT TO:<viewer@example.com>']);
      expect(smtp.received[0]!.data).toContain('multipart/alternative');
      expect(smtp.received[0]!.data).toContain('text/html');
      await expect(fs.readdir(path.join(dataDir, 'mail'))).rejects.toThrow();
      expect(log.lines.map((line) => line.message)).toEqual(['mail sent']);
    } finally {
      await smtp.close();
    }
  });
});
