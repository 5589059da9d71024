// What Web Info puts in the public footer: the footer text in the visitor's language (else the built-in line), the
// contact address and the social links.
import { useRouteLoaderData } from 'react-router';
import { useTranslation } from '#app/lib/use-translation.ts';
import { Icon } from '#app/components/icon.tsx';
import type { loader as rootLoader } from '#app/root.tsx';

export function SiteFooterInfo() {
  const { t } = useTranslation();
  const site = useRouteLoaderData<typeof rootLoader>('root')?.site;
  const social = site?.social ?? [];
  return (
    <div className="flex max-w-2xl flex-col gap-2">
      <p className="whitespace-pre-line" data-testid="footer-text">
        {site?.footerText || t('footer.about')}
      </p>
      {social.length || site?.contactEmail ? (
        <ul
          className="flex flex-wrap items-center gap-x-4 gap-y-1"
          aria-label={t('webInfo.public.social')}
        >
          {site?.contactEmail ? (
            <li>
              <a
                href={`mailto:${site.contactEmail}`}
                className="inline-flex items-center gap-1.5 hover:text-neutral-900 hover:underline dark:hover:text-white"
              >
                <Icon name="mail" />
                {site.contactEmail}
              </a>
            </li>
          ) : null}
          {social.map((link) => (
            <li key={`${link.network}:${link.url}`}>
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                className="hover:text-neutral-900 hover:underline dark:hover:text-white"
              >
                {link.network}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
