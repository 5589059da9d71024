// The movie page's trailer button (only when the movie has a trailer) and its dialog: a YouTube link plays in
// YouTube's privacy-enhanced embed, a video file in a <video>, any other https page in a sandboxed frame.
import { Clapperboard } from 'lucide-react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { Button } from '#app/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#app/components/ui/dialog.tsx';

export type TrailerSource = { kind: 'embed' | 'video'; src: string };

const VIDEO_FILE = /\.(mp4|m4v|webm|ogv|ogg|mov)$/i;

/** What a trailer address plays as; null for anything that is not https (the page's policy loads nothing else). */
export function trailerSource(url: string | null): TrailerSource | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:') return null;
    const host = parsed.hostname.replace(/^(www|m)\./, '');
    const id =
      host === 'youtu.be'
        ? parsed.pathname.slice(1)
        : /(^|\.)youtube(-nocookie)?\.com$/.test(host)
          ? (parsed.searchParams.get('v') ??
            parsed.pathname.match(/^\/(embed|shorts)\/([^/]+)/)?.[2])
          : null;
    if (id && /^[\w-]{6,20}$/.test(id))
      return { kind: 'embed', src: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1` };
    if (VIDEO_FILE.test(parsed.pathname)) return { kind: 'video', src: parsed.toString() };
    return { kind: 'embed', src: parsed.toString() };
  } catch {
    return null;
  }
}

export function TrailerButton({ title, url }: { title: string; url: string | null }) {
  const { t } = useTranslation();
  const source = trailerSource(url);
  if (!source) return null;
  const label = t('detail.trailerOf', { title });
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size="xl"
          className="border-white/30 text-white hover:bg-white/10 dark:text-white"
        >
          <Clapperboard aria-hidden />
          {t('detail.trailer')}
        </Button>
      </DialogTrigger>
      {/* Mounted only while open: closing the dialog stops the trailer. */}
      <DialogContent title={label} className="max-w-3xl">
        <div className="aspect-video overflow-hidden rounded-lg bg-black">
          {source.kind === 'video' ? (
            <video
              src={source.src}
              title={label}
              controls
              autoPlay
              playsInline
              className="size-full"
              data-testid="trailer-video"
            />
          ) : (
            <iframe
              src={source.src}
              title={label}
              className="size-full"
              sandbox="allow-scripts allow-same-origin allow-presentation"
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              data-testid="trailer-frame"
            />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
