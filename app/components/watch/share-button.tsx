// "Share" on the movie page: the device's share sheet where the browser has one (phones, some desktops), else the
// page's address copied, said in a toast.
import { Share2 } from 'lucide-react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { Button } from '#app/components/ui/button.tsx';
import { toast } from '#app/lib/toast.tsx';

export function ShareButton({ title, className }: { title: string; className?: string }) {
  const { t } = useTranslation();
  const share = async () => {
    // The address the viewer sees, without the query (a shared link names the movie, not a filter).
    const url = `${window.location.origin}${window.location.pathname}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // Closed by the viewer: nothing to say. Refused (no permission): copy instead.
        if ((error as Error).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('watching.linkCopied'));
    } catch {
      toast.error(t('watching.copyFailed', { url }));
    }
  };
  return (
    <Button variant="outline" size="xl" className={className} onClick={() => void share()}>
      <Share2 aria-hidden />
      {t('watching.share')}
    </Button>
  );
}
