// The episodes screen's dialogs: a new server, one episode (a video of the video manager, an HLS address or an
// embed), and many episodes pasted as `name|url` lines.
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { VideoPicker, type PickedVideo } from '#app/components/catalog/video-picker.tsx';
import { FormDialog, useDialogForm } from '#app/components/form-dialog.tsx';
import {
  CheckboxField,
  Field,
  SelectField,
  TextField,
  TextareaField,
} from '#app/components/ui/input.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { Episode, Server } from './route.tsx';

export function useRefresh() {
  const revalidator = useRevalidator();
  return () => revalidator.revalidate();
}

/** A new server, or `server` renamed. */
export function ServerDialog({
  movieId,
  server,
  onClose,
  onCreated,
}: {
  movieId: number;
  server?: { id: number; name: string };
  onClose: () => void;
  /** The new server's tab opens: that is where its episodes go next. */
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const form = useDialogForm({
    check: (values, rules) => ({ name: rules.required(values.name) }),
    submit: async (values) => {
      const name = values.name!.trim();
      if (!server)
        return (
          await api.post<{ server: { id: number } }>(`/admin/movies/${movieId}/servers`, { name })
        ).server.id;
      await api.patch(`/admin/movies/${movieId}/servers/${server.id}`, { name });
      return server.id;
    },
    onClose,
    after: (id) => onCreated(id),
  });
  return (
    <FormDialog
      title={server ? t('admin.episodes.renameServer') : t('admin.episodes.newServer')}
      description={t('admin.episodes.serverHint')}
      onClose={onClose}
      form={form}
    >
      <TextField
        label={t('admin.terms.fields.name')}
        {...form.field('name')}
        defaultValue={server?.name}
        maxLength={60}
        placeholder="Vietsub #1"
      />
    </FormDialog>
  );
}

export function EpisodeDialog({
  movieId,
  server,
  episode,
  onClose,
}: {
  movieId: number;
  server: Server;
  episode?: Episode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const [kind, setKind] = useState<Episode['source_type']>(episode?.source_type ?? 'video');
  const [video, setVideo] = useState<PickedVideo | null>(episode?.video ?? null);
  const form = useDialogForm({
    check: (values, rules) => ({
      name: rules.required(values.name),
      ...(kind === 'video'
        ? { video_id: video ? undefined : t('admin.episodes.videoRequired') }
        : { source_url: rules.required(values.source_url) }),
    }),
    submit: (values) => {
      const body = {
        server_id: server.id,
        name: values.name!.trim(),
        ep: values.ep?.trim() || undefined,
        source_type: kind,
        ...(kind === 'video'
          ? { video_id: video!.id, source_url: null }
          : { source_url: values.source_url!.trim(), video_id: null }),
        published: values.published === 'on',
      };
      return episode
        ? api.patch(`/admin/movies/${movieId}/episodes/${episode.id}`, body)
        : api.post(`/admin/movies/${movieId}/episodes`, body);
    },
    done: t('admin.episodes.saved'),
    onClose,
  });
  return (
    <FormDialog
      title={episode ? t('admin.episodes.edit', { name: episode.name }) : t('admin.episodes.add')}
      onClose={onClose}
      form={form}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('admin.terms.fields.name')}
          {...form.field('name')}
          maxLength={100}
          defaultValue={episode?.name}
          placeholder="Tập 1"
        />
        <TextField
          label={t('admin.episodes.ep')}
          {...form.field('ep')}
          hint={t('admin.episodes.epHint')}
          maxLength={100}
          defaultValue={episode?.ep}
          placeholder="tap-1"
        />
      </div>
      <SelectField
        label={t('admin.episodes.source')}
        {...form.field('source_type')}
        value={kind}
        onChange={(event) => setKind(event.target.value as Episode['source_type'])}
      >
        <option value="video">{t('admin.episodes.video')}</option>
        <option value="hls">{t('admin.episodes.hls')}</option>
        <option value="embed">{t('admin.episodes.embed')}</option>
      </SelectField>
      {kind === 'video' ? (
        <Field label={t('admin.episodes.videoChoice')} error={form.errors.video_id}>
          {(control) => (
            <VideoPicker
              id={control.id}
              value={video}
              onChange={setVideo}
              invalid={Boolean(form.errors.video_id)}
              describedBy={control['aria-describedby']}
            />
          )}
        </Field>
      ) : (
        <TextField
          label={t('admin.episodes.url')}
          {...form.field('source_url')}
          type="url"
          maxLength={2000}
          defaultValue={episode?.source_url ?? ''}
          placeholder={kind === 'hls' ? 'https://…/master.m3u8' : 'https://player.example/embed/…'}
        />
      )}
      <CheckboxField
        name="published"
        defaultChecked={episode?.published ?? true}
        label={t('admin.movies.form.published')}
      />
    </FormDialog>
  );
}

export function BulkDialog({
  movieId,
  server,
  onClose,
}: {
  movieId: number;
  server: Server;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const form = useDialogForm({
    check: (values, rules) => ({ lines: rules.required(values.lines) }),
    submit: (values) =>
      api.post<{ episodes: unknown[] }>(
        `/admin/movies/${movieId}/servers/${server.id}/episodes/bulk`,
        { lines: values.lines },
      ),
    done: (answer) => t('admin.episodes.added', { count: answer.episodes.length }),
    onClose,
  });
  return (
    <FormDialog
      title={t('admin.episodes.addMany', { server: server.name })}
      description={t('admin.episodes.linesHint')}
      onClose={onClose}
      form={form}
      submitLabel={t('admin.episodes.addLines')}
    >
      <TextareaField
        label={t('admin.episodes.lines')}
        {...form.field('lines')}
        rows={8}
        controlClassName="font-mono text-xs"
        placeholder={
          'Tập 1|https://cdn.example/tap-1/master.m3u8\nTập 2|https://player.example/embed/2'
        }
      />
    </FormDialog>
  );
}
