// The account emails, in the user's language, each with an HTML and a plain-text part.
import type { OutgoingMail } from './mailer.ts';

export type Locale = 'en' | 'vi';
type Kind = 'verify' | 'reset' | 'changeEmail';

const copy: Record<
  Locale,
  Record<Kind, { subject: string; intro: string; action: string; outro: string }>
> = {
  en: {
    verify: {
      subject: 'Verify your email for {site}',
      intro: 'Hello {name}, please confirm that this is your email address.',
      action: 'Verify email',
      outro: 'The link is valid for 24 hours. If you did not create an account, ignore this email.',
    },
    reset: {
      subject: 'Reset your {site} password',
      intro: 'Hello {name}, someone (hopefully you) asked to reset your password.',
      action: 'Choose a new password',
      outro:
        'The link is valid for 60 minutes and works once. If you did not ask for it, ignore this email: your password stays the same.',
    },
    changeEmail: {
      subject: 'Confirm your new email for {site}',
      intro: 'Hello {name}, confirm this address to make it the email of your account.',
      action: 'Confirm new email',
      outro:
        'The link is valid for 24 hours. Until you open it, your account keeps its current email.',
    },
  },
  vi: {
    verify: {
      subject: 'Xác minh email của bạn tại {site}',
      intro: 'Xin chào {name}, hãy xác nhận đây là địa chỉ email của bạn.',
      action: 'Xác minh email',
      outro:
        'Liên kết có hiệu lực trong 24 giờ. Nếu bạn không tạo tài khoản, hãy bỏ qua email này.',
    },
    reset: {
      subject: 'Đặt lại mật khẩu {site}',
      intro: 'Xin chào {name}, có người (hy vọng là bạn) đã yêu cầu đặt lại mật khẩu.',
      action: 'Đặt mật khẩu mới',
      outro:
        'Liên kết có hiệu lực trong 60 phút và chỉ dùng được một lần. Nếu bạn không yêu cầu, hãy bỏ qua email này: mật khẩu của bạn không đổi.',
    },
    changeEmail: {
      subject: 'Xác nhận email mới tại {site}',
      intro: 'Xin chào {name}, hãy xác nhận địa chỉ này để dùng làm email của tài khoản.',
      action: 'Xác nhận email mới',
      outro:
        'Liên kết có hiệu lực trong 24 giờ. Trước khi bạn mở liên kết, tài khoản vẫn dùng email cũ.',
    },
  },
};

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function fill(template: string, values: Record<string, string>) {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/** The frame of every email: the site's name on a white card; `body` is HTML already escaped. */
export function mailPage(locale: Locale, site: string, body: string) {
  return `<!doctype html><html lang="${locale}"><body style="margin:0;background:#f1f5f9;font-family:system-ui,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#fff;border-radius:16px;padding:32px" cellpadding="0" cellspacing="0"><tr><td>
<p style="margin:0 0 24px;font-weight:700;font-size:20px">${escapeHtml(site)}</p>
${body}
</td></tr></table></td></tr></table></body></html>`;
}

/** The one green button of a message. */
export const mailButton = (url: string, label: string) =>
  `<p style="margin:0 0 24px"><a href="${escapeHtml(url)}" style="display:inline-block;background:#16a34a;color:#fff;text-decoration:none;padding:12px 20px;border-radius:10px;font-weight:600">${escapeHtml(label)}</a></p>`;

export function accountMail(
  kind: Kind,
  input: { to: string; name: string; locale: string; url: string; site: string },
): OutgoingMail {
  const locale: Locale = input.locale === 'en' ? 'en' : 'vi';
  const text = copy[locale][kind];
  const values = { name: input.name, site: input.site };
  const subject = fill(text.subject, values);
  const intro = fill(text.intro, values);
  const outro = fill(text.outro, values);
  const html = mailPage(
    locale,
    input.site,
    `<p style="margin:0 0 24px;line-height:1.6">${escapeHtml(intro)}</p>
${mailButton(input.url, text.action)}
<p style="margin:0 0 8px;font-size:13px;color:#475569;line-height:1.6">${escapeHtml(outro)}</p>
<p style="margin:0;font-size:12px;color:#64748b;word-break:break-all">${escapeHtml(input.url)}</p>`,
  );
  return {
    to: input.to,
    subject,
    html,
    text: `${intro}\n\n${text.action}: ${input.url}\n\n${outro}\n\n${input.site}\n`,
    link: input.url,
  };
}
