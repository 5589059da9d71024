// The episode manager's video picker: searches the video manager's ready videos (not the trash) and shows each
// with its poster frame, name and duration, so that an episode can play one of this site's own videos.
import { Check, Film, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Img } from '#app/components/image.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { cn } from '#app/lib/cn.ts';
import { formatDuration } from '#app/lib/format.ts';

export type PickedVideo = {
  id: number;
  name: string;
  duration: number | null;
  poster_url?: string | null;
};

type Listed = Required<PickedVideo>;

export function VideoPicker({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  /** The search box's id, for the field's label. */
  id: string;
  value: PickedVideo | null;
  onChange: (video: PickedVideo) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Listed[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    // Waits for a pause in typing, so that each keystroke does not ask the server.
    const timer = setTimeout(() => {
      api
        .get<{ data: Listed[] }>('/admin/videos', {
          query: { status: 'ready', search: search.trim(), per_page: 8, sort: 'created_at' },
        })
        .then((answer) => {
          if (!current) return;
          setFound(answer.data);
          setFailed(false);
        })
        .catch(() => {
          if (current) setFailed(true);
        });
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, search]);

  return (
    <div className="flex flex-col gap-2">
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
        />
        <Input
          id={id}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('admin.episodes.videoSearch')}
          className="pl-9"
          aria-describedby={describedBy}
        />
      </div>
      <div
        role="radiogroup"
        aria-label={t('admin.episodes.videoChoice')}
        aria-invalid={invalid || undefined}
        className={cn(
          'max-h-64 overflow-y-auto rounded-xl border border-neutral-200 p-1 dark:border-neutral-800',
          invalid && 'border-red-500 dark:border-red-500',
        )}
      >
        {failed ? (
          <p className="px-3 py-6 text-center text-sm text-red-600 dark:text-red-400">
            {t('admin.episodes.videoFailed')}
          </p>
        ) : found === null ? (
          <p className="px-3 py-6 text-center text-sm text-neutral-500">
            {t('admin.episodes.videoLoading')}
          </p>
        ) : found.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-neutral-500">
            {search.trim() ? t('admin.episodes.videoNone') : t('admin.episodes.videoEmpty')}
          </p>
        ) : (
          found.map((video) => {
            const selected = value?.id === video.id;
            return (
              <button
                key={video.id}
                type="button"
                role="radio"
                aria-checked={selected}
                onClick={() => onChange(video)}
                className={cn(
                  'flex w-full items-center gap-3 rounded-lg p-1.5 text-left text-sm',
                  selected
                    ? 'bg-primary-50 text-primary-800 dark:bg-primary-500/15 dark:text-primary-200'
                    : 'hover:bg-neutral-100 dark:hover:bg-neutral-800',
                )}
              >
                <span className="relative grid aspect-video w-20 shrink-0 place-items-center overflow-hidden rounded-md bg-neutral-200 dark:bg-neutral-800">
                  {video.poster_url ? (
                    <Img
                      src={video.poster_url}
                      width={80}
                      height={45}
                      alt=""
                      className="size-full object-cover"
                    />
                  ) : (
                    <Film aria-hidden className="size-5 text-neutral-400" />
                  )}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{video.name}</span>
                  <span className="block text-xs text-neutral-500">
                    {video.duration === null ? '—' : formatDuration(video.duration)}
                  </span>
                </span>
                {selected ? <Check aria-hidden className="size-4 shrink-0" /> : null}
              </button>
            );
          })
        )}
      </div>
      {value ? (
        <p className="truncate text-xs text-neutral-600 dark:text-neutral-400">
          {t('admin.episodes.videoChosen', { name: value.name })}
        </p>
      ) : null}
    </div>
  );
}
