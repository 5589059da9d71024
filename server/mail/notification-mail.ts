// Notification emails in the viewer's language: one per notification ("instant") or a daily digest, each with a
// link to the episode and one to the setting that stops them (account settings, decision 043).
import type { NotificationData } from '#shared/notifications.ts';
import type { OutgoingMail } from './mailer.ts';
import { escapeHtml, fill, mailButton, mailPage, type Locale } from './templates.ts';

const copy = {
  en: {
    new_episode: '{movie}: {episode} is out',
    report_resolved: 'Your report on {movie} – {episode} has been resolved',
    watch: 'Watch now',
    digestSubject: 'Your {count} new notifications on {site}',
    digestIntro: 'Hello {name}, here is what happened since your last digest:',
    more: '…and {count} more on the site.',
    seeAll: 'See all notifications',
    footer:
      'You get these emails because you chose them in your account settings. Change or stop them here: {url}',
  },
  vi: {
    new_episode: '{movie}: đã có {episode}',
    report_resolved: 'Báo lỗi của bạn về {movie} – {episode} đã được xử lý',
    watch: 'Xem ngay',
    digestSubject: 'Bạn có {count} thông báo mới tại {site}',
    digestIntro: 'Xin chào {name}, đây là những gì mới kể từ bản tin trước:',
    more: '…và {count} thông báo khác trên trang.',
    seeAll: 'Xem tất cả thông báo',
    footer:
      'Bạn nhận email này vì đã chọn trong phần cài đặt tài khoản. Thay đổi hoặc tắt tại đây: {url}',
  },
} satisfies Record<Locale, Record<string, string>>;

/** A digest lists this many; the rest are counted. */
export const DIGEST_LIST_MAX = 20;

type Recipient = { email: string; name: string; locale: string };
type Site = { name: string; publicUrl: string };

const localeOf = (value: string): Locale => (value === 'en' ? 'en' : 'vi');

/** The sentence of a notification, in `locale`. */
export function notificationSentence(data: NotificationData, locale: Locale) {
  return fill(copy[locale][data.kind], { movie: data.movieTitle, episode: data.episodeName });
}

const episodeUrl = (site: Site, data: NotificationData) =>
  `${site.publicUrl}/watch/${encodeURIComponent(data.movieSlug)}/${encodeURIComponent(data.ep)}`;
const settingsUrl = (site: Site) => `${site.publicUrl}/account/general#notifications`;

function footer(locale: Locale, site: Site) {
  const line = fill(copy[locale].footer, { url: settingsUrl(site) });
  return {
    html: `<p style="margin:24px 0 0;font-size:12px;color:#64748b;line-height:1.6">${escapeHtml(line)}</p>`,
    text: line,
  };
}

/** One notification, sent as it happens. */
export function notificationMail(to: Recipient, data: NotificationData, site: Site): OutgoingMail {
  const locale = localeOf(to.locale);
  const sentence = notificationSentence(data, locale);
  const url = episodeUrl(site, data);
  const foot = footer(locale, site);
  return {
    to: to.email,
    subject: sentence,
    html: mailPage(
      locale,
      site.name,
      `<p style="margin:0 0 24px;line-height:1.6">${escapeHtml(sentence)}</p>
${mailButton(url, copy[locale].watch)}${foot.html}`,
    ),
    text: `${sentence}\n\n${copy[locale].watch}: ${url}\n\n${foot.text}\n`,
    link: url,
  };
}

/** The daily digest: the newest `DIGEST_LIST_MAX` of `items` (newest first), the rest counted. */
export function digestMail(to: Recipient, items: NotificationData[], site: Site): OutgoingMail {
  const locale = localeOf(to.locale);
  const text = copy[locale];
  const listed = items.slice(0, DIGEST_LIST_MAX).map((data) => ({
    sentence: notificationSentence(data, locale),
    url: episodeUrl(site, data),
  }));
  const rest = items.length - listed.length;
  const more = rest > 0 ? fill(text.more, { count: String(rest) }) : '';
  const allUrl = `${site.publicUrl}/user/notifications`;
  const intro = fill(text.digestIntro, { name: to.name });
  const foot = footer(locale, site);
  return {
    to: to.email,
    subject: fill(text.digestSubject, { count: String(items.length), site: site.name }),
    html: mailPage(
      locale,
      site.name,
      `<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(intro)}</p>
<ul style="margin:0 0 24px;padding-left:20px;line-height:1.6">${listed
        .map(
          (item) =>
            `<li style="margin:0 0 8px"><a href="${escapeHtml(item.url)}" style="color:#15803d">${escapeHtml(item.sentence)}</a></li>`,
        )
        .join('')}</ul>
${more ? `<p style="margin:0 0 24px;color:#475569">${escapeHtml(more)}</p>` : ''}${mailButton(allUrl, text.seeAll)}${foot.html}`,
    ),
    text: `${intro}\n\n${listed.map((item) => `- ${item.sentence}\n  ${item.url}`).join('\n')}\n${more ? `\n${more}\n` : ''}\n${text.seeAll}: ${allUrl}\n\n${foot.text}\n`,
    link: allUrl,
  };
}
