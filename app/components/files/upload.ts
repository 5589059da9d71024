// One file sent to Local Files with XMLHttpRequest (fetch reports no upload progress): its progress as a fraction,
// then the stored entry, or the server's refusal as an ApiError.
import { API_PREFIX, ApiError, XSRF_COOKIE, XSRF_HEADER } from '#app/lib/api.ts';
import { readCookie } from '#shared/cookies.ts';
import type { FileEntry } from '#shared/local-files.ts';

export async function uploadToFolder(
  folder: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<FileEntry> {
  // The CSRF cookie, which the API client would fetch first too.
  if (!readCookie(document.cookie, XSRF_COOKIE))
    await fetch(`${API_PREFIX}/csrf-cookie`, { credentials: 'include' });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_PREFIX}/admin/files/upload?path=${encodeURIComponent(folder)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const xsrf = readCookie(document.cookie, XSRF_COOKIE);
    if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: {
        files?: FileEntry[];
        error?: { code?: string; message?: string; fields?: Record<string, string> };
      } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // A proxy's page: the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.files?.[0]) {
        onProgress(1);
        resolve(body.files[0]);
        return;
      }
      reject(
        new ApiError(
          xhr.status,
          body.error?.code ?? `http_${xhr.status}`,
          body.error?.fields?.files ?? body.error?.message ?? xhr.statusText,
          body.error?.fields ?? {},
        ),
      );
    };
    xhr.onerror = () => reject(new TypeError('network'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    const body = new FormData();
    body.append('files', file);
    xhr.send(body);
  });
}
