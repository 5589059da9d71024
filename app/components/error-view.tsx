// The error page body: status code and message, the stack only for 500+ in development, never details for crawlers.
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/lib/cn.ts';
import type { loader as rootLoader } from '#app/root.tsx';
import { formatTitle, useSiteInfo } from '#app/lib/title.tsx';

export type ErrorInfo = { status: number; message: string; stack?: string };

export function describeError(error: unknown): ErrorInfo {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' && error.data ? error.data : error.statusText;
    return { status: error.status, message: message || String(error.status) };
  }
  if (error instanceof Error) return { status: 500, message: error.message, stack: error.stack };
  return { status: 500, message: 'Unknown error' };
}

/**
 * `page` (the default) is the page's one `<main id="main">`, for boundaries whose shell has no main of its own
 * (the root, the site and back-office layouts). `inline` is a plain section for shells that already wrap their
 * content in the main landmark, such as the brand layout's card.
 */
export function ErrorView({ variant = 'page' }: { variant?: 'page' | 'inline' }) {
  const error = useRouteError();
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { siteName, separator } = useSiteInfo();
  const { status, message, stack } = describeError(error);
  // Unknown callers (root loader failed) are treated like crawlers: no details.
  const showDetails = root ? !root.crawler : false;
  const heading =
    status === 404
      ? t('error.notFound')
      : status === 403
        ? t('error.forbidden')
        : status >= 500
          ? t('error.title')
          : message;
  const detail = status >= 500 && !import.meta.env.DEV ? t('error.internal') : message;
  const showStack = import.meta.env.DEV && status >= 500 && stack && showDetails;

  const inline = variant === 'inline';
  const body = (
    <>
      <title>{formatTitle(`${status} ${heading}`, siteName, separator)}</title>
      <p
        className={cn(
          'bg-gradient-to-b from-primary-400 to-primary-700 bg-clip-text font-black tracking-tight text-transparent',
          inline ? 'text-6xl' : 'text-7xl sm:text-8xl',
        )}
      >
        {status}
      </p>
      <h1
        className={cn(
          'mt-4 font-semibold tracking-tight text-balance',
          inline ? 'text-xl sm:text-2xl' : 'text-2xl sm:text-3xl',
        )}
      >
        {heading}
      </h1>
      {showDetails && detail !== heading ? (
        <p
          data-testid="error-message"
          className="mt-3 max-w-prose break-words text-neutral-600 dark:text-neutral-400"
        >
          {detail}
        </p>
      ) : null}
      {showStack ? (
        <pre className="mt-6 max-h-80 w-full overflow-auto rounded-lg bg-neutral-100 p-4 text-left text-xs dark:bg-neutral-900">
          {stack}
        </pre>
      ) : null}
      <Button asChild className="mt-8">
        <a href="/">
          <ArrowLeft aria-hidden />
          {t('error.goBack')}
        </a>
      </Button>
    </>
  );

  if (inline) {
    return (
      <section data-testid="error-view" className="flex flex-col items-center py-2 text-center">
        {body}
      </section>
    );
  }
  return (
    <main
      id="main"
      data-testid="error-view"
      className="mx-auto flex min-h-[60vh] w-full max-w-2xl flex-col items-center justify-center px-4 py-16 text-center"
    >
      {body}
    </main>
  );
}
