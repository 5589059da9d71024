// The episode manager's subtitles dialog: an episode's subtitle tracks, upload a .vtt or .srt with a language and
// a label, delete one (after a confirmation).
import { Captions, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Dialog, DialogContent } from '#app/components/ui/dialog.tsx';
import { SelectField, TextField } from '#app/components/ui/input.tsx';
import { ApiForm } from '#app/components/api-form.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { toast } from '#app/lib/toast.tsx';
import { useApiForm, useErrorMessage } from '#app/lib/use-api-form.ts';
import { DeleteDialog } from '#app/components/delete-dialog.tsx';

export type Subtitle = { id: number; language: string; label: string; url: string };

/** Languages offered first; the label is free text, so any of them can be named as the viewer expects. */
const LANGUAGES = [
  { code: 'vi', label: 'Tiếng Việt' },
  { code: 'en', label: 'English' },
  { code: 'zh', label: '中文' },
  { code: 'ko', label: '한국어' },
  { code: 'ja', label: '日本語' },
  { code: 'th', label: 'ไทย' },
  { code: 'fr', label: 'Français' },
] as const;

export function SubtitlesDialog({
  movieId,
  episode,
  onClose,
}: {
  movieId: number;
  episode: { id: number; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const errorMessage = useErrorMessage();
  const base = `/admin/movies/${movieId}/episodes/${episode.id}/subtitles`;
  const [items, setItems] = useState<Subtitle[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Subtitle | null>(null);
  const [language, setLanguage] = useState<string>('vi');
  const [label, setLabel] = useState<string>('Tiếng Việt');

  // Bumped after a change: the effect below then fetches the list again.
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  useEffect(() => {
    let current = true;
    api.get<{ data: Subtitle[] }>(base).then(
      (answer) => {
        if (!current) return;
        setItems(answer.data);
        setLoadError(null);
      },
      (error: unknown) => current && setLoadError(errorMessage(error)),
    );
    return () => {
      current = false;
    };
  }, [api, base, errorMessage, version]);

  const form = useApiForm({
    check: (values, rules) => ({ label: rules.required(values.label) }),
    submit: (_values, element) => api.post(base, new FormData(element)),
    onSuccess: async (_result, element) => {
      toast.success(t('admin.subtitles.added'));
      element.reset();
      reload();
    },
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('admin.subtitles.title', { name: episode.name })}
        description={t('admin.subtitles.hint')}
      >
        <div className="flex flex-col gap-5">
          {loadError ? <Alert tone="error">{loadError}</Alert> : null}
          {items === null && !loadError ? (
            <p className="text-sm text-neutral-500 dark:text-neutral-400" role="status">
              {t('admin.subtitles.loading')}
            </p>
          ) : null}
          {items?.length === 0 ? (
            <p className="flex items-center gap-2 rounded-lg border border-dashed border-neutral-300 px-3 py-4 text-sm text-neutral-500 dark:text-neutral-400 dark:border-neutral-700">
              <Captions className="size-4 shrink-0" aria-hidden />
              {t('admin.subtitles.empty')}
            </p>
          ) : null}
          {items?.length ? (
            <ul
              className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800"
              aria-label={t('admin.subtitles.list')}
            >
              {items.map((item) => (
                <li key={item.id} className="flex items-center gap-3 px-3 py-2">
                  <Badge tone="info">{item.language}</Badge>
                  <a
                    href={item.url}
                    target="_blank"
                    rel="noreferrer"
                    className="min-w-0 flex-1 truncate text-sm font-medium hover:underline"
                  >
                    {item.label}
                  </a>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('admin.subtitles.delete', { label: item.label })}
                    onClick={() => setRemoving(item)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}

          <ApiForm
            form={form}
            className="flex flex-col gap-4 border-t border-neutral-200 pt-4 dark:border-neutral-800"
            encType="multipart/form-data"
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label={t('admin.subtitles.language')}
                {...form.field('language')}
                value={language}
                onChange={(event) => {
                  const next = LANGUAGES.find((l) => l.code === event.target.value);
                  setLanguage(event.target.value);
                  if (next) setLabel(next.label);
                }}
              >
                {LANGUAGES.map((item) => (
                  <option key={item.code} value={item.code}>
                    {item.label} ({item.code})
                  </option>
                ))}
              </SelectField>
              <TextField
                label={t('admin.subtitles.label')}
                {...form.field('label')}
                maxLength={40}
                value={label}
                onChange={(event) => setLabel(event.target.value)}
              />
            </div>
            <TextField
              label={t('admin.subtitles.file')}
              {...form.field('file')}
              hint={t('admin.subtitles.fileHint')}
              type="file"
              accept=".vtt,.srt,text/vtt"
              controlClassName="h-auto cursor-pointer py-1.5 pl-1.5 text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-neutral-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-neutral-800 dark:file:bg-neutral-800 dark:file:text-neutral-100"
            />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" size="lg" onClick={onClose}>
                {t('admin.subtitles.close')}
              </Button>
              <Button type="submit" size="lg" disabled={form.pending}>
                {t('admin.subtitles.upload')}
              </Button>
            </div>
          </ApiForm>
        </div>
        {removing ? (
          <DeleteDialog
            title={t('admin.subtitles.delete', { label: removing.label })}
            remove={() => api.delete(`${base}/${removing.id}`)}
            after={reload}
            onClose={() => setRemoving(null)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
