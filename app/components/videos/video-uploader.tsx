// The Video Manager's uploads: a drop zone and a file picker for many videos at once, each sent with tus in chunks
// (resumable after a reload through tus-js-client's URL storage), with its own progress, speed, time left, pause,
// resume, cancel, and the server's refusal (413, 507, 422) shown next to that file.
import { CloudUpload, Pause, Play, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { DetailedError, Upload } from 'tus-js-client';
import { ProgressBar } from '#app/components/ui/progress-bar.tsx';
import { Button, IconButton } from '#app/components/ui/button.tsx';
import { API_PREFIX, XSRF_COOKIE, XSRF_HEADER } from '#app/lib/api.ts';
import { readCookie } from '#shared/cookies.ts';
import { cn } from '#app/lib/cn.ts';
import { formatDuration, formatFileSize } from '#app/lib/format.ts';

const ENDPOINT = `${API_PREFIX}/admin/videos/uploads`;
/** 8 MiB chunks: a lost connection costs at most one chunk, and proxies with a body limit still pass them. */
const CHUNK_SIZE = 8 * 1024 * 1024;
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000];

/** How long a finished upload's card stays before the list's row takes over. */
const DONE_LINGER_MS = 8000;

type State = 'uploading' | 'paused' | 'done' | 'error';
type Item = {
  key: string;
  name: string;
  size: number;
  sent: number;
  state: State;
  /** Bytes per second, smoothed. */
  speed: number;
  error: string | null;
};

/** The server's refusal: a lead in the page's language for the codes it names, then its own words. */
function describeError(
  error: Error | DetailedError,
  t: (key: string, options?: Record<string, unknown>) => string,
) {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return t('admin.videos.upload.network');
  const status = response.getStatus();
  let body: { error?: { code?: string; message?: string } } = {};
  try {
    body = JSON.parse(response.getBody()) as typeof body;
  } catch {
    // Not JSON: a proxy's page, say.
  }
  const code = body.error?.code ?? '';
  const lead = CODES.has(code)
    ? t(`admin.videos.upload.codes.${code}`)
    : t('admin.videos.upload.failedStatus', { status });
  return body.error?.message ? `${lead} ${body.error.message}` : lead;
}

const CODES = new Set(['too_large', 'insufficient_storage', 'not_a_video']);

export function VideoUploader({ onUploaded }: { onUploaded: () => void }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const uploads = useRef(new Map<string, Upload>());
  const inputRef = useRef<HTMLInputElement>(null);
  const finished = useRef(onUploaded);
  useEffect(() => {
    finished.current = onUploaded;
  });
  // Leaving the page stops the transfers; their fingerprints stay, so adding the same file resumes it.
  useEffect(() => {
    const current = uploads.current;
    return () => {
      for (const upload of current.values()) void upload.abort();
    };
  }, []);

  const dismiss = useCallback(
    (key: string) => setItems((list) => list.filter((item) => item.key !== key)),
    [],
  );
  const update = useCallback((key: string, change: Partial<Item>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(async (upload: Upload) => {
    const previous = await upload.findPreviousUploads();
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  }, []);

  const add = useCallback(
    async (files: File[]) => {
      const { Upload: TusUpload } = await import('tus-js-client');
      for (const file of files) {
        const key = `${file.name}-${file.size}-${file.lastModified}-${Math.random().toString(36).slice(2)}`;
        let sample = { at: Date.now(), bytes: 0 };
        let speed = 0;
        const upload = new TusUpload(file, {
          endpoint: ENDPOINT,
          metadata: { filename: file.name, filetype: file.type },
          chunkSize: CHUNK_SIZE,
          retryDelays: RETRY_DELAYS,
          removeFingerprintOnSuccess: true,
          // Cookie mode: every unsafe request carries the CSRF token, read fresh (it may rotate).
          onBeforeRequest: (request) => {
            const token = readCookie(document.cookie, XSRF_COOKIE);
            if (token) request.setHeader(XSRF_HEADER, token);
          },
          onProgress: (sent, total) => {
            const now = Date.now();
            if (now - sample.at >= 500) {
              const current = ((sent - sample.bytes) * 1000) / (now - sample.at);
              speed = speed ? speed * 0.6 + current * 0.4 : current;
              sample = { at: now, bytes: sent };
            }
            update(key, { sent, size: total, speed });
          },
          onSuccess: () => {
            uploads.current.delete(key);
            update(key, { state: 'done', sent: file.size, error: null });
            finished.current();
            // The row in the list says the rest (processing, ready): the card does not linger saying "queued".
            setTimeout(() => dismiss(key), DONE_LINGER_MS);
          },
          onError: (error) => {
            uploads.current.delete(key);
            update(key, {
              state: 'error',
              error: describeError(error, t),
            });
            // A refused file left a failed row behind (422): show it.
            finished.current();
          },
        });
        uploads.current.set(key, upload);
        setItems((list) => [
          ...list,
          {
            key,
            name: file.name,
            size: file.size,
            sent: 0,
            state: 'uploading',
            speed: 0,
            error: null,
          },
        ]);
        void start(upload);
      }
    },
    [start, t, update, dismiss],
  );

  const pick = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length) void add(files);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    pick(event.dataTransfer.files);
  };

  const pause = (key: string) => {
    void uploads.current.get(key)?.abort();
    update(key, { state: 'paused', speed: 0 });
  };
  const resume = (key: string) => {
    const upload = uploads.current.get(key);
    if (!upload) return;
    update(key, { state: 'uploading' });
    void start(upload);
  };
  const cancel = (key: string) => {
    const upload = uploads.current.get(key);
    uploads.current.delete(key);
    // Terminate: the server forgets the bytes and the row.
    if (upload) void upload.abort(true).catch(() => undefined);
    setItems((list) => list.filter((item) => item.key !== key));
    finished.current();
  };

  return (
    <section aria-labelledby="video-upload-title" className="flex flex-col gap-3">
      <h2 id="video-upload-title" className="sr-only">
        {t('admin.videos.upload.title')}
      </h2>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="video-drop-zone"
        className={cn(
          'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors sm:flex-row sm:justify-center sm:gap-4 sm:text-left',
          dragging
            ? 'border-primary-500 bg-primary-50 dark:bg-primary-500/10'
            : 'border-neutral-300 dark:border-neutral-700',
        )}
      >
        <CloudUpload className="size-8 shrink-0 text-neutral-400" aria-hidden />
        <div className="text-sm">
          <p className="font-medium">{t('admin.videos.upload.drop')}</p>
          <p className="text-neutral-500 dark:text-neutral-400">{t('admin.videos.upload.hint')}</p>
        </div>
        <Button size="md" variant="outline" onClick={() => inputRef.current?.click()}>
          {t('admin.videos.upload.choose')}
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept="video/*"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label={t('admin.videos.upload.choose')}
          data-testid="video-file-input"
          onChange={(event) => {
            pick(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {items.length ? (
        <ul className="flex flex-col gap-2" aria-label={t('admin.videos.upload.title')}>
          {items.map((item) => (
            <UploadRow
              key={item.key}
              item={item}
              onPause={() => pause(item.key)}
              onResume={() => resume(item.key)}
              onCancel={() => cancel(item.key)}
              onDismiss={() => dismiss(item.key)}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function UploadRow({
  item,
  onPause,
  onResume,
  onCancel,
  onDismiss,
}: {
  item: Item;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const percent = item.size ? Math.floor((item.sent / item.size) * 100) : 0;
  const left = item.speed > 0 ? (item.size - item.sent) / item.speed : null;
  const status =
    item.state === 'done'
      ? t('admin.videos.upload.done')
      : item.state === 'paused'
        ? t('admin.videos.upload.paused')
        : item.state === 'error'
          ? null
          : [
              `${percent}%`,
              item.speed > 0 ? `${formatFileSize(item.speed)}/s` : null,
              left != null ? t('admin.videos.upload.left', { time: formatDuration(left) }) : null,
            ]
              .filter(Boolean)
              .join(' · ');
  const finished = item.state === 'done' || item.state === 'error';
  return (
    <li
      className="rounded-xl border border-neutral-200 p-3 dark:border-neutral-800"
      data-testid="upload-item"
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium">{item.name}</p>
          <p className="text-xs text-neutral-500 tabular-nums dark:text-neutral-400">
            {formatFileSize(item.sent)} / {formatFileSize(item.size)}
            {status ? ` · ${status}` : null}
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          {item.state === 'uploading' || item.state === 'paused' ? (
            <IconButton
              className="size-8"
              onClick={item.state === 'uploading' ? onPause : onResume}
              label={t(`admin.videos.upload.${item.state === 'uploading' ? 'pause' : 'resume'}`, {
                name: item.name,
              })}
              icon={item.state === 'uploading' ? Pause : Play}
            />
          ) : null}
          <IconButton
            className="size-8"
            onClick={finished ? onDismiss : onCancel}
            label={
              finished
                ? t('admin.videos.upload.dismiss', { name: item.name })
                : t('admin.videos.upload.cancel', { name: item.name })
            }
            icon={X}
          />
        </div>
      </div>
      {item.state !== 'error' ? (
        <ProgressBar
          percent={percent}
          label={t('admin.videos.upload.progress', { name: item.name })}
          className="mt-2 h-1.5 rounded-full bg-neutral-200 dark:bg-neutral-800"
          barClassName={cn(
            'rounded-full transition-[width]',
            item.state === 'done' ? 'bg-primary-500' : 'bg-blue-500',
          )}
        />
      ) : (
        <p role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {item.error}
        </p>
      )}
    </li>
  );
}
