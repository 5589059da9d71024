// The episode manager's video picker: searches the video manager's ready videos (not the trash) and shows each
// with its poster frame, name and duration, so that an episode can play one of this site's own videos.
import { useTranslation } from '#app/lib/use-translation.ts';
import { PickerThumb, SearchPicker } from '#app/components/ui/search-picker.tsx';
import { useAuth } from '#app/lib/auth.tsx';
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
  return (
    <div className="flex flex-col gap-2">
      <SearchPicker<Listed>
        id={id}
        value={value}
        onChange={onChange}
        invalid={invalid}
        describedBy={describedBy}
        load={async (search) =>
          (
            await api.get<{ data: Listed[] }>('/admin/videos', {
              query: { status: 'ready', search, per_page: 8, sort: 'created_at' },
            })
          ).data
        }
        render={(video) => ({
          thumb: <PickerThumb src={video.poster_url} shape="frame" />,
          title: video.name,
          detail: video.duration === null ? '—' : formatDuration(video.duration),
        })}
        texts={{
          placeholder: t('admin.episodes.videoSearch'),
          group: t('admin.episodes.videoChoice'),
          loading: t('admin.episodes.videoLoading'),
          failed: t('admin.episodes.videoFailed'),
          none: t('admin.episodes.videoNone'),
          empty: t('admin.episodes.videoEmpty'),
        }}
      />
      {value ? (
        <p className="truncate text-xs text-neutral-600 dark:text-neutral-400">
          {t('admin.episodes.videoChosen', { name: value.name })}
        </p>
      ) : null}
    </div>
  );
}
