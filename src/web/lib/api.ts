import { serverAvailable, serverUnavailable } from './availability';

/**
 * The API client: JSON over fetch with the session cookie, the CSRF token on mutations, and
 * errors as `ApiError` carrying the server's `{error: {code, message, fields}}`.
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
    /** From Retry-After, when the server said when to come back. */
    public readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** The server (or the proxy in front of it) is briefly down: worth waiting for, not a failure. */
export const isUnavailable = (err: unknown) => err instanceof ApiError && [502, 503, 504].includes(err.status);

/** How long a read keeps retrying through an outage before it gives up and reports the failure. */
export const READ_RETRY_BUDGET_MS = 60_000;

let csrfToken: string | null = null;
export function setCsrfToken(token: string | null) {
  csrfToken = token;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Reads are retried while the server is briefly unavailable, waiting as its Retry-After asks (or
 * 1, 2, 4... s), and the person is told once. Writes are not: whether to repeat one is the
 * person's call, and the server's message tells them to try again in a moment.
 */
async function request<T>(method: Method, path: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  if (method !== 'GET') return send<T>(method, path, body, init);
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await send<T>(method, path, body, init);
      serverAvailable();
      return result;
    } catch (err) {
      if (!isUnavailable(err) || init.signal?.aborted) throw err;
      const delay = Math.min((err as ApiError).retryAfterMs ?? 1000 * 2 ** attempt, 10_000);
      if (Date.now() - started + delay > READ_RETRY_BUDGET_MS) throw err;
      serverUnavailable();
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

async function send<T>(method: Method, path: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      ...init,
    });
  } catch {
    throw new ApiError(0, 'network', 'Could not reach the server. Check your connection and try again.');
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const data = text ? safeJson(text) : null;
  if (!res.ok) {
    const err = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null)?.error;
    const retryAfter = Number.parseInt(res.headers.get('retry-after') ?? '', 10);
    throw new ApiError(
      res.status,
      err?.code ?? 'error',
      err?.message ?? `Request failed (${res.status}).`,
      err?.fields,
      Number.isFinite(retryAfter) ? retryAfter * 1000 : undefined,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const api = {
  get: <T>(path: string, init?: RequestInit) => request<T>('GET', path, undefined, init),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** Builds a query string from defined values only. */
export function qs(params: Record<string, string | number | boolean | null | undefined>): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  const out = s.toString();
  return out ? `?${out}` : '';
}

/**
 * Uploads with progress (fetch has no upload progress): XMLHttpRequest with the same cookie,
 * CSRF header and error shape as `request`.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  headers: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    if (csrfToken) xhr.setRequestHeader('x-csrf-token', csrfToken);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'Could not reach the server. Check your connection and try again.'));
    xhr.onload = () => {
      const data = xhr.responseText ? safeJson(xhr.responseText) : null;
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      const err = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null)?.error;
      reject(new ApiError(xhr.status, err?.code ?? 'error', err?.message ?? `Upload failed (${xhr.status}).`, err?.fields));
    };
    xhr.send(form);
  });
}
