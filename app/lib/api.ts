// The one API client (spec section 7): API base + prefix, credentials included, JSON accepted, the XSRF header
// in cookie mode or a Bearer token in token mode, one retry of a GET on transient statuses and never of other
// methods, form-data PUT sent as POST with `_method=PUT`, and every 401 reported so the auth state resets.
import { readCookie } from '#shared/cookies.ts';

export type ApiMode = 'cookie' | 'token';

export const API_PREFIX = '/api';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/** GETs that failed with these statuses are tried once more; nothing else is ever retried. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([
  408, 409, 425, 429, 500, 502, 503, 504,
]);
const RETRY_DELAY_MS = 300;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type FieldErrors = Record<string, string>;

/** An API answer outside 2xx, with the server's `{ error: { code, message, fields } }` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldErrors = {},
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type RequestOptions = {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

export type ApiClientOptions = {
  /** Origin of the API; '' means the page's own origin. */
  baseUrl?: string;
  prefix?: string;
  mode?: ApiMode;
  /** Token-mode credential. */
  getToken?: () => string | undefined;
  /** Cookie-mode CSRF token (the XSRF-TOKEN cookie). */
  getXsrfToken?: () => string | undefined;
  /** Called on every 401, before the error is thrown. */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
  retryDelayMs?: number;
};

function documentCookie(name: string) {
  return typeof document === 'undefined' ? undefined : readCookie(document.cookie, name);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function toApiError(response: Response): Promise<ApiError> {
  let code = `http_${response.status}`;
  let message = response.statusText || `Request failed with status ${response.status}`;
  let fields: FieldErrors = {};
  try {
    const body = (await response.json()) as {
      error?: { code?: string; message?: string; fields?: FieldErrors };
    };
    if (body?.error) {
      code = body.error.code ?? code;
      message = body.error.message ?? message;
      fields = body.error.fields ?? {};
    }
  } catch {
    // Not JSON (a proxy's error page): keep the status text.
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  return new ApiError(
    response.status,
    code,
    message,
    fields,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions = {}) {
  const {
    baseUrl = '',
    prefix = API_PREFIX,
    mode = 'cookie',
    getToken,
    getXsrfToken = () => documentCookie(XSRF_COOKIE),
    onUnauthorized,
    retryDelayMs = RETRY_DELAY_MS,
  } = options;
  const fetcher = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let csrfRequest: Promise<void> | undefined;

  function url(path: string, query?: RequestOptions['query']) {
    // Absolute URLs (a verification link) are used as they are; relative ones get base + prefix.
    const target = /^https?:\/\//.test(path)
      ? new URL(path)
      : new URL(`${baseUrl}${prefix}${path.startsWith('/') ? path : `/${path}`}`, 'http://x');
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null && value !== '')
        target.searchParams.set(key, String(value));
    }
    return /^https?:\/\//.test(path) || baseUrl
      ? target.toString()
      : target.pathname + target.search;
  }

  /** GET {prefix}/csrf-cookie: sets the XSRF-TOKEN cookie that unsafe cookie-mode requests echo. */
  function fetchCsrfCookie() {
    csrfRequest ??= fetcher(url('/csrf-cookie'), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    })
      .then(() => undefined)
      .finally(() => {
        csrfRequest = undefined;
      });
    return csrfRequest;
  }

  async function send(path: string, init: RequestOptions, csrfRetried = false): Promise<Response> {
    let method = (init.method ?? 'GET').toUpperCase();
    let body: BodyInit | undefined;
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    if (init.body instanceof FormData) {
      body = init.body;
      // Servers read multipart bodies of POST only: a form-data PUT travels as POST with `_method=PUT`.
      if (method === 'PUT') {
        init.body.set('_method', 'PUT');
        method = 'POST';
      }
    } else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['Content-Type'] = 'application/json';
    }
    if (mode === 'token') {
      const token = getToken?.();
      if (token) headers.Authorization = `Bearer ${token}`;
    } else if (!SAFE_METHODS.has(method)) {
      if (!getXsrfToken()) await fetchCsrfCookie();
      const xsrf = getXsrfToken();
      if (xsrf) headers[XSRF_HEADER] = xsrf;
    }
    // The audit log records which back-office screen a write came from (decision 051).
    if (
      !SAFE_METHODS.has(method) &&
      typeof location !== 'undefined' &&
      location.pathname.startsWith('/vnwa')
    )
      headers['X-Phim-Screen'] = location.pathname;
    const request = () =>
      fetcher(url(path, init.query), {
        method,
        headers,
        body,
        credentials: 'include',
        signal: init.signal,
      });
    let response = await request();
    if (method === 'GET' && RETRY_STATUSES.has(response.status)) {
      await sleep(retryDelayMs);
      response = await request();
    }
    // An expired or missing CSRF cookie: fetch a fresh one and send the same request once more.
    if (response.status === 419 && mode === 'cookie' && !csrfRetried) {
      await fetchCsrfCookie();
      return send(path, init, true);
    }
    return response;
  }

  async function request<T = unknown>(path: string, init: RequestOptions = {}): Promise<T> {
    const response = await send(path, init);
    if (response.status === 401) onUnauthorized?.();
    if (!response.ok) throw await toApiError(response);
    if (response.status === 204) return undefined as T;
    const type = response.headers.get('content-type') ?? '';
    return (type.includes('json') ? await response.json() : undefined) as T;
  }

  return {
    request,
    fetchCsrfCookie,
    get: <T = unknown>(path: string, init?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...init, method: 'GET' }),
    post: <T = unknown>(path: string, body?: unknown, init?: RequestOptions) =>
      request<T>(path, { ...init, method: 'POST', body }),
    put: <T = unknown>(path: string, body?: unknown, init?: RequestOptions) =>
      request<T>(path, { ...init, method: 'PUT', body }),
    patch: <T = unknown>(path: string, body?: unknown, init?: RequestOptions) =>
      request<T>(path, { ...init, method: 'PATCH', body }),
    delete: <T = unknown>(path: string, body?: unknown, init?: RequestOptions) =>
      request<T>(path, { ...init, method: 'DELETE', body }),
  };
}
