// "Attach to episode…" from the Video Manager: find a movie, choose its server, then replace an episode's source with
// this video or add a new episode that plays it. It goes through the episode manager's own API (servers, episodes),
// so that the rules (ready video, unique `ep` key from the name) are the episode service's alone.
import { useEffect, useState } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { useRevalidator } from 'react-router';
import { Alert } from '#app/components/ui/alert.tsx';
import { FormDialog } from '#app/components/form-dialog.tsx';
import { Field, SelectField, TextField } from '#app/components/ui/input.tsx';
import { PickerThumb, SearchPicker } from '#app/components/ui/search-picker.tsx';
import type { AdminVideo } from '#app/components/videos/video-cells.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { slugify } from '#shared/text.ts';
import { toast } from '#app/lib/toast.tsx';
import { useApiForm, useErrorMessage } from '#app/lib/use-api-form.ts';

type FoundMovie = {
  id: number;
  title: string;
  original_title: string;
  poster: string | null;
  year: number | null;
  episodes_count: number;
};

/** What `GET /admin/movies/:id/episodes` answers, as far as this dialog reads it. */
type Overview = {
  movie: { id: number; title: string; slug: string };
  servers: Array<{
    id: number;
    name: string;
    episodes: Array<{
      id: number;
      name: string;
      ep: string;
      source_type: 'video' | 'hls' | 'embed';
      source_url: string | null;
      video_id: number | null;
      video: { name: string } | null;
    }>;
  }>;
};
type Episode = Overview['servers'][number]['episodes'][number];

const NEW = 'new';

/** The key the episode service will give a new episode on this server (the same slug, `-2`, `-3`… when taken). */
function previewEp(name: string, taken: Set<string>) {
  const base = slugify(name) || 'tap';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export function AttachDialog({ video, onClose }: { video: AdminVideo; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const revalidator = useRevalidator();
  const errorMessage = useErrorMessage();
  const [movie, setMovie] = useState<FoundMovie | null>(null);
  const [overview, setOverview] = useState<Overview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [serverId, setServerId] = useState<number | null>(null);
  const [target, setTarget] = useState<string>(NEW);
  const [name, setName] = useState('');

  useEffect(() => {
    if (!movie) return;
    let current = true;
    api
      .get<Overview>(`/admin/movies/${movie.id}/episodes`)
      .then((answer) => {
        if (!current) return;
        setOverview(answer);
        setServerId(answer.servers[0]?.id ?? null);
        setTarget(NEW);
      })
      .catch((error: unknown) => {
        if (current) setLoadError(errorMessage(error));
      });
    return () => {
      current = false;
    };
  }, [api, errorMessage, movie]);

  const server = overview?.servers.find((s) => s.id === serverId) ?? null;
  const episode = server?.episodes.find((e) => String(e.id) === target) ?? null;
  const noServer = overview !== null && overview.servers.length === 0;

  const form = useApiForm({
    check: (values, rules) => ({
      movie: movie ? undefined : t('admin.videos.attach.movieRequired'),
      name: target === NEW && overview ? rules.required(values.name) : undefined,
      server_name: noServer ? rules.required(values.server_name) : undefined,
    }),
    submit: async (values) => {
      if (!overview) throw new Error('The movie is still loading.');
      const base = `/admin/movies/${overview.movie.id}`;
      let id = serverId;
      if (noServer) {
        const created = await api.post<{ server: { id: number } }>(`${base}/servers`, {
          name: values.server_name!.trim(),
        });
        id = created.server.id;
      }
      const source = { source_type: 'video' as const, video_id: video.id };
      if (episode) {
        await api.patch(`${base}/episodes/${episode.id}`, source);
        return episode.name;
      }
      const created = await api.post<{ episode: { name: string } }>(`${base}/episodes`, {
        server_id: id,
        name: values.name!.trim(),
        ...source,
      });
      return created.episode.name;
    },
    onSuccess: async (episodeName) => {
      toast.success(
        t('admin.videos.attach.done', {
          video: video.name,
          movie: overview!.movie.title,
          episode: episodeName,
        }),
      );
      onClose();
      await revalidator.revalidate();
    },
  });

  const taken = new Set(server?.episodes.map((e) => e.ep) ?? []);
  const ep = name.trim() ? previewEp(name, taken) : null;

  return (
    <FormDialog
      title={t('admin.videos.attach.title', { name: video.name })}
      className="max-w-xl"
      onClose={onClose}
      form={form}
      disabled={!!movie && !overview}
      submitLabel={t('admin.videos.attach.submit')}
    >
      <Field label={t('admin.videos.attach.movie')} error={form.errors.movie}>
        {(control) => (
          <SearchPicker<FoundMovie>
            id={control.id}
            name="movie"
            value={movie}
            onChange={(picked) => {
              if (picked.id === movie?.id) return;
              setMovie(picked);
              setOverview(null);
              setLoadError(null);
              form.setErrors({});
            }}
            invalid={control['aria-invalid']}
            describedBy={control['aria-describedby']}
            load={async (search) =>
              (
                await api.get<{ data: FoundMovie[] }>('/admin/movies', {
                  query: search
                    ? { search, per_page: 6 }
                    : { sort: 'updated_at', order: 'desc', per_page: 6 },
                })
              ).data
            }
            render={(found) => ({
              thumb: <PickerThumb src={found.poster} shape="poster" />,
              title: found.title,
              detail: [
                found.original_title && found.original_title !== found.title
                  ? found.original_title
                  : null,
                found.year,
                t('admin.videos.attach.episodeCount', { count: found.episodes_count }),
              ]
                .filter(Boolean)
                .join(' · '),
            })}
            texts={{
              placeholder: t('admin.videos.attach.movieSearch'),
              group: t('admin.videos.attach.movie'),
              loading: t('admin.videos.attach.movieLoading'),
              failed: t('admin.videos.attach.movieFailed'),
              none: t('admin.videos.attach.movieNone'),
              empty: t('admin.videos.attach.movieEmpty'),
            }}
          />
        )}
      </Field>

      {loadError ? <Alert tone="error">{loadError}</Alert> : null}
      {movie && !overview && !loadError ? (
        <p className="text-sm text-neutral-500 dark:text-neutral-400" role="status">
          {t('admin.videos.attach.loadingEpisodes')}
        </p>
      ) : null}

      {overview && noServer ? (
        <TextField
          label={t('admin.videos.attach.newServer')}
          {...form.field('server_name')}
          hint={t('admin.videos.attach.newServerHint')}
          defaultValue="Vietsub #1"
          maxLength={60}
        />
      ) : null}

      {overview && !noServer ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('admin.videos.attach.server')}
            {...form.field('server_id')}
            value={serverId ?? ''}
            onChange={(event) => {
              setServerId(Number(event.target.value));
              setTarget(NEW);
            }}
          >
            {overview.servers.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('admin.videos.attach.episode')}
            name="episode"
            value={target}
            onChange={(event) => setTarget(event.target.value)}
          >
            <option value={NEW}>{t('admin.videos.attach.newEpisode')}</option>
            {server?.episodes.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}

      {overview && target === NEW ? (
        <TextField
          label={t('admin.videos.attach.episodeName')}
          {...form.field('name')}
          hint={
            ep
              ? t('admin.videos.attach.epHint', { path: `/watch/${overview.movie.slug}/${ep}` })
              : t('admin.videos.attach.nameHint')
          }
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={100}
        />
      ) : null}

      {episode ? <Replaces episode={episode} video={video} /> : null}
      {form.errors.video_id ? <Alert tone="error">{form.errors.video_id}</Alert> : null}
    </FormDialog>
  );
}

/** What the chosen episode plays now, which this video replaces. */
function Replaces({ episode, video }: { episode: Episode; video: AdminVideo }) {
  const { t } = useTranslation();
  if (episode.source_type === 'video' && episode.video_id === video.id)
    return <Alert tone="info">{t('admin.videos.attach.same')}</Alert>;
  const current =
    episode.source_type === 'video'
      ? t('admin.videos.attach.currentVideo', {
          name: episode.video?.name ?? t('admin.episodes.videoMissing'),
        })
      : (episode.source_url ?? '');
  return (
    <Alert tone="warning" title={t('admin.videos.attach.replacesTitle')}>
      <span className="break-words" data-testid="attach-replaces">
        {t('admin.videos.attach.replaces', { current })}
      </span>
    </Alert>
  );
}
