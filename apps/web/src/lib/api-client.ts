import { PLAYER_ROUTE_HEADER, playerRouteOf } from '@titans/shared/cluster/player-route';
import { REQUEST_RETRIES, REQUEST_TIMEOUT_MS, SLOW_REQUEST_MS } from '@titans/shared/constants';
import { isErrorCode } from '@titans/shared/errors';
import { ApiError } from './api-error.ts';
import { getLaunchContext } from './telegram/launch-context.ts';
import { useTrackedRequests } from './tracked-requests.ts';

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** A JSON body. Calls without one send no content type (the server refuses empty JSON). */
  body?: unknown;
  /** A multipart body (uploads); the browser sets its content type. */
  form?: FormData;
  /** Counted for the loading screen. */
  track?: boolean;
  /** Cancels the call (TanStack Query passes one); a cancelled call is never retried. */
  signal?: AbortSignal;
  /** Extra headers, sent on the retry too (an `Idempotency-Key` makes a retried purchase safe). */
  headers?: Record<string, string>;
  /**
   * This very request, already sent (the entry script's registration, app/session/early-registration.ts):
   * the first attempt reads its response instead of sending it again; a retry sends it anew.
   */
  sent?: Promise<Response>;
}

/** What a 403 `auth/banned` tells the app. */
export interface BanDetails {
  reason: string | null;
}

export interface ApiClientOptions {
  /** Prefix of every path, `/v1`. */
  baseUrl: string;
  /** The raw Telegram init data sent as `Authorization: tma <raw>`. */
  initData: () => string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
  retries?: number;
  slowMs?: number;
  now?: () => number;
  logger?: Pick<Console, 'warn' | 'error'>;
  onTrackStart?: () => void;
  onTrackEnd?: () => void;
  onBanned?: (ban: BanDetails) => void;
}

/** One problem a schema found in a response, as zod reports it. */
export interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * What a response's data is parsed with: any shared zod schema fits (its `safeParse`), so the
 * client itself needs no zod and the type of the answer comes from the schema, not from a cast.
 */
export interface ResponseSchema<T> {
  safeParse(data: unknown): SafeParseResult<T> | Promise<SafeParseResult<T>>;
  /** Starts loading what `safeParse` needs (lib/lazy-schema.ts), so it arrives with the answer. */
  prepare?(): void;
}

export type SafeParseResult<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly SchemaIssue[] } };

export type ApiRequest = <T>(
  path: string,
  schema: ResponseSchema<T>,
  options?: ApiRequestOptions,
) => Promise<T>;

/** Both envelopes read loosely: every field is checked where it is used. */
interface Envelope {
  code: unknown;
  success: unknown;
  data: unknown;
  message: unknown;
  error: unknown;
}

function readEnvelope(value: unknown): Envelope {
  const fields = typeof value === 'object' && value !== null ? value : {};
  const field = (name: string): unknown => (name in fields ? Reflect.get(fields, name) : undefined);
  return {
    code: field('code'),
    success: field('success'),
    data: field('data'),
    message: field('message'),
    error: field('error'),
  };
}

/** `a.b[0].c: expected number`, the first few problems, for the log. */
function describeIssues(issues: readonly SchemaIssue[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(data)'}: ${issue.message}`)
    .join('; ');
}

/** A failure worth one more try: the request timed out or got no response. */
class RetryableFailure extends Error {
  constructor(readonly apiError: ApiError) {
    super(apiError.message);
  }
}

function buildUrl(baseUrl: string, path: string, query: ApiRequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return `${baseUrl}${path}${text ? `?${text}` : ''}`;
}

function banReasonOf(envelope: Envelope): string | null {
  const data = envelope.data;
  if (typeof data !== 'object' || data === null || !('ban_reason' in data)) return null;
  const reason = data.ban_reason;
  return typeof reason === 'string' && reason.trim() !== '' ? reason : null;
}

function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`;
}

/** `sent`, or a rejection as soon as `signal` aborts (a timeout or a cancel). */
function untilAborted(sent: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    sent.then(resolve, reject);
  });
}

/**
 * The answer of one attempt: the envelope's failure as an ApiError (a ban also reported), else
 * its data parsed with `schema`.
 */
async function readAnswer<T>(
  response: Response,
  text: string,
  schema: ResponseSchema<T>,
  context: {
    method: string;
    url: string;
    logger: Pick<Console, 'error'>;
    onBanned: ((ban: BanDetails) => void) | undefined;
  },
): Promise<T> {
  const { method, url, logger } = context;
  let envelope: Envelope;
  try {
    envelope = readEnvelope(text ? JSON.parse(text) : {});
  } catch {
    throw new ApiError(response.status, 'client/bad-response', 'The server sent an unreadable answer');
  }
  const failed =
    !response.ok || (typeof envelope.code === 'number' && envelope.code >= 400) || envelope.success === false;
  if (failed) {
    const code = isErrorCode(envelope.error) ? envelope.error : undefined;
    const message =
      typeof envelope.message === 'string' && envelope.message ? envelope.message : response.statusText;
    const status =
      typeof envelope.code === 'number' && envelope.code >= 400 ? envelope.code : response.status;
    if (status === 403 && code === 'auth/banned') context.onBanned?.({ reason: banReasonOf(envelope) });
    throw new ApiError(status, code, message || 'Request failed', envelope.data ?? null);
  }
  let parsed: SafeParseResult<T>;
  try {
    parsed = await schema.safeParse(envelope.data ?? null);
  } catch {
    // A lazy schema's chunk did not arrive: as good as no answer.
    throw new ApiError(0, 'client/network', 'Could not reach the game server');
  }
  if (!parsed.success) {
    // A server of another version, or a bug: a clear error instead of a crash further down.
    logger.error(`[api] ${method} ${url}: unexpected answer (${describeIssues(parsed.error.issues)})`);
    throw new ApiError(
      response.status,
      'client/bad-response',
      'The server sent an answer the app does not understand',
    );
  }
  return parsed.data;
}

/** The headers (accept, idempotency key, init data, the player's route) and body of one call. */
function requestParts(
  request: ApiRequestOptions,
  idempotencyKey: string | undefined,
  raw: string | undefined,
) {
  const headers: Record<string, string> = { ...request.headers, Accept: 'application/json' };
  if (idempotencyKey && !headers['Idempotency-Key']) headers['Idempotency-Key'] = idempotencyKey;
  if (raw) headers.Authorization = `tma ${raw}`;
  // The balancer in front of a cluster routes by player (D-CLUSTER-12).
  const player = playerRouteOf(raw);
  if (player) headers[PLAYER_ROUTE_HEADER] = player;
  let body: BodyInit | undefined;
  if (request.form) body = request.form;
  else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  return { headers, body };
}

/**
 * One round trip (or the response already on its way, `request.sent`) within the timeout, read
 * to its text. The caller's abort passes through as is; a timeout or a network failure becomes a
 * RetryableFailure.
 */
async function exchange(
  request: ApiRequestOptions,
  timeoutMs: number,
  fetchWith: (signal: AbortSignal) => Promise<Response>,
): Promise<{ response: Response; text: string }> {
  const controller = new AbortController();
  const cancel = () => controller.abort(request.signal?.reason);
  request.signal?.addEventListener('abort', cancel, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const response = await (request.sent
      ? untilAborted(request.sent, controller.signal)
      : fetchWith(controller.signal));
    return { response, text: await response.text() };
  } catch (error) {
    if (request.signal?.aborted) throw error;
    if (timedOut) {
      throw new RetryableFailure(
        new ApiError(0, 'client/timeout', `The request took longer than ${timeoutMs / 1000} s`),
      );
    }
    throw new RetryableFailure(new ApiError(0, 'client/network', 'Could not reach the game server'));
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', cancel);
  }
}

/**
 * The JSON client: 8 s timeout, one retry on a timeout or a network
 * failure (never on an HTTP error), calls slower than 500 ms logged as slow, failures logged,
 * errors thrown as ApiError. A 403 `auth/banned` from any call is reported to `onBanned`.
 */
export function createApiClient(options: ApiClientOptions): ApiRequest {
  const {
    baseUrl,
    initData,
    timeoutMs = REQUEST_TIMEOUT_MS,
    retries = REQUEST_RETRIES,
    slowMs = SLOW_REQUEST_MS,
    now = () => performance.now(),
    logger = console,
  } = options;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function attempt<T>(
    method: string,
    url: string,
    schema: ResponseSchema<T>,
    request: ApiRequestOptions,
    idempotencyKey: string | undefined,
  ): Promise<T> {
    const { headers, body } = requestParts(request, idempotencyKey, initData());
    schema.prepare?.();
    const started = now();
    const { response, text } = await exchange(request, timeoutMs, (signal) =>
      doFetch(url, { method, headers, body, signal }),
    );
    const elapsed = Math.round(now() - started);
    if (elapsed > slowMs) logger.warn(`[api] slow request: ${method} ${url} took ${elapsed} ms`);
    return readAnswer(response, text, schema, { method, url, logger, onBanned: options.onBanned });
  }

  return async function send<T>(
    path: string,
    schema: ResponseSchema<T>,
    request: ApiRequestOptions = {},
  ): Promise<T> {
    const method = request.method ?? 'GET';
    const url = buildUrl(baseUrl, path, request.query);
    // One key per call, the same on its retry: the server answers a replayed write once.
    const idempotencyKey = method === 'GET' ? undefined : newIdempotencyKey();
    if (request.track) options.onTrackStart?.();
    try {
      for (let attemptIndex = 0; ; attemptIndex++) {
        try {
          const sent = attemptIndex === 0 ? request.sent : undefined;
          return await attempt(method, url, schema, { ...request, sent }, idempotencyKey);
        } catch (error) {
          if (error instanceof RetryableFailure) {
            if (attemptIndex < retries) {
              logger.warn(`[api] ${method} ${url} failed (${error.apiError.code}); retrying once`);
              continue;
            }
            throw error.apiError;
          }
          throw error;
        }
      }
    } catch (error) {
      if (error instanceof ApiError) {
        logger.error(
          `[api] ${method} ${url} failed: ${error.status || 'no response'} ${error.code ?? ''} ${error.message}`,
        );
      }
      throw error;
    } finally {
      if (request.track) options.onTrackEnd?.();
    }
  };
}

let banListener: ((ban: BanDetails) => void) | null = null;

/** Registers the one place that turns a ban into the suspended screen (the app root). */
export function onAccountBanned(listener: (ban: BanDetails) => void): () => void {
  banListener = listener;
  return () => {
    if (banListener === listener) banListener = null;
  };
}

/** Reports a ban found outside an API call (the socket handshake) through the same path. */
export function reportAccountBanned(ban: BanDetails): void {
  banListener?.(ban);
}

/** The app's client: same-origin `/v1`, signed with the launch's init data. */
export const api: ApiRequest = createApiClient({
  baseUrl: '/v1',
  initData: () => getLaunchContext().rawInitData,
  onTrackStart: () => useTrackedRequests.getState().begin(),
  onTrackEnd: () => useTrackedRequests.getState().end(),
  onBanned: reportAccountBanned,
});
