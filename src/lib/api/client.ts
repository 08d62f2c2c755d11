import type { HTTPError, KyInstance, Options } from 'ky';
import type { z } from 'zod';
import { pathOf, type AnswerOf, type BodyInputOf, type EndpointDef, type PathParams } from '../../domain/contract/endpoint';
import { TRANSPORT_MESSAGES } from '../../domain/messages-transport';
import { classifyError, codeOf, HttpError, userMessage, type CallKind, type ErrorAction } from './errors';

type EffectHandler = (action: ErrorAction, error: HttpError) => void;

let accessToken: string | null = null;
let onErrorEffect: EffectHandler = () => {};

export function setAccessToken(token: string | null): void {
  accessToken = token;
  // A session is about to call the server: have the HTTP library ready by then.
  if (token) warmHttp();
}

/** The app registers what to do for catalogue actions (navigate, toast, wipe). */
export function setErrorEffectHandler(handler: EffectHandler): void {
  onErrorEffect = handler;
}

interface Http {
  http: KyInstance;
  HTTPError: typeof HTTPError;
}

let loading: Promise<Http> | null = null;

/**
 * ky loads with the first call, or earlier through warmHttp(), not with the sign-in page (DESIGN §7).
 * A failed load (offline before the worker cached the chunk) is tried again by the next call.
 */
function loadHttp(): Promise<Http> {
  loading ??= import('ky').then(
    ({ default: ky, HTTPError }) => ({
      HTTPError,
      http: ky.create({
        // Short JSON calls; uploads set their own timeout (PITFALLS 5).
        timeout: 20_000,
        retry: 0,
        hooks: {
          beforeRequest: [
            (request) => {
              if (accessToken) request.headers.set('Authorization', `Bearer ${accessToken}`);
              request.headers.set('Accept', 'application/json');
            },
          ],
        },
      }),
    }),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** Starts loading the HTTP library now (main.tsx, after the first frame), so no call waits for it. */
export function warmHttp(): void {
  loadHttp().catch(() => {});
}

interface CallOptions<S extends z.ZodTypeAny> {
  schema: S;
  json?: unknown;
  searchParams?: Options['searchParams'];
  /** Which catalogue rows apply (spec §8 distinguishes the user fetch). */
  call?: CallKind;
  /** Let the caller handle every error itself (no global effect). */
  quiet?: boolean;
  headers?: Record<string, string>;
  /** Longer than the default for slow calls (PITFALLS 5). */
  timeout?: number;
}

/** The spec §8 effect apiCall found for each error it threw (kept apart: the service worker carries HttpError). */
const actions = new WeakMap<HttpError, ErrorAction>();

/** The spec §8 effect of a failed call, for the screen that made it; none found: a message where the call was made. */
export function errorAction(err: HttpError): ErrorAction {
  return actions.get(err) ?? { kind: 'message' };
}

async function toHttpError(err: unknown, call: CallKind): Promise<HttpError> {
  const HTTPError = (await loadHttp().catch(() => null))?.HTTPError;
  if (HTTPError && err instanceof HTTPError) {
    // The contract (zod) loads with the first failed call, not with the sign-in page (DESIGN §7).
    const { apiErrorSchema } = await import('../../domain/contract');
    const body = await err.response
      .clone()
      .json()
      .catch(() => null);
    const parsed = apiErrorSchema.safeParse(body);
    const message = parsed.success
      ? parsed.data.message
      : err.response.status >= 500
        ? TRANSPORT_MESSAGES.serverError
        : TRANSPORT_MESSAGES.errorFetching;
    const code = parsed.success ? codeOf(parsed.data.code) : undefined;
    const fields = parsed.success ? (parsed.data.errors ?? {}) : {};
    const status = err.response.status;
    const error = new HttpError(status, userMessage(message, fields), code, body, fields);
    actions.set(error, classifyError(status, code, call));
    return error;
  }
  return new HttpError(0, TRANSPORT_MESSAGES.offline);
}

/** A file from /api (a letter's PDF or Word document): its bytes and the answer's headers. */
export interface ApiFile {
  bytes: ArrayBuffer;
  headers: Headers;
}

/** GET a file (or POST `json` for one) through the same client: bearer token, spec §8 error handling, no JSON parsing. */
export async function apiFile(
  path: string,
  opts: Pick<CallOptions<z.ZodTypeAny>, 'searchParams' | 'quiet' | 'timeout' | 'json'> = {},
): Promise<ApiFile> {
  try {
    const { http } = await loadHttp();
    const res = await http(path, {
      method: opts.json === undefined ? 'get' : 'post',
      json: opts.json,
      searchParams: opts.searchParams,
      ...(opts.timeout ? { timeout: opts.timeout } : {}),
    });
    return { bytes: await res.arrayBuffer(), headers: res.headers };
  } catch (err) {
    const error = await toHttpError(err, 'other');
    const action = errorAction(error);
    if (!opts.quiet && action.kind !== 'message') onErrorEffect(action, error);
    throw error;
  }
}

/**
 * A long-lived streamed answer (GET /api/events, issue 14) with the session's bearer token: plain
 * fetch, as EventSource cannot send a header and ky would time it out. The caller reads the body.
 */
export function apiStream(path: string, signal: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  return fetch(path, { headers, cache: 'no-store', signal });
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A call of an endpoint of the table (src/domain/contract/endpoints.ts): its address's values, query and body. */
export type EndpointCall<E extends EndpointDef> = Omit<CallOptions<z.ZodTypeAny>, 'schema' | 'json' | 'searchParams'> &
  (E['params'] extends z.ZodType ? { params: PathParams<E> } : { params?: undefined }) &
  (E['body'] extends z.ZodType ? { json: BodyInputOf<E> } : { json?: undefined }) & { query?: Options['searchParams'] };

/** A 204's empty answer, checked as nothing (zod is not loaded for it). */
const NO_CONTENT = { parse: () => undefined } as unknown as z.ZodTypeAny;

/**
 * The one way the app talks to /api: bearer token, zod-checked answers, spec §8 error handling. Called
 * with an endpoint of the table, `apiCall(E.preference, { params: { id }, json })`, its address, method,
 * body and answer types come from that one declaration.
 */
export async function apiCall<const E extends EndpointDef & ({ response: z.ZodType } | { status: 204 })>(
  endpoint: E,
  opts: EndpointCall<E>,
): Promise<AnswerOf<E>>;
export async function apiCall<S extends z.ZodTypeAny>(method: Method, path: string, opts: CallOptions<S>): Promise<z.infer<S>>;
export async function apiCall(target: Method | EndpointDef, pathOrOpts: unknown, legacy?: CallOptions<z.ZodTypeAny>): Promise<unknown> {
  if (typeof target === 'string') return send(target, pathOrOpts as string, legacy!);
  const { params, json, query, ...rest } = pathOrOpts as Omit<CallOptions<z.ZodTypeAny>, 'schema'> & {
    params?: Record<string, string | number>;
    query?: Options['searchParams'];
  };
  return send(target.method.toLowerCase() as Method, pathOf(target, params), {
    ...rest,
    schema: target.response ?? NO_CONTENT,
    json,
    searchParams: query,
  });
}

async function send<S extends z.ZodTypeAny>(method: Method, path: string, opts: CallOptions<S>): Promise<z.infer<S>> {
  const call = opts.call ?? 'other';
  try {
    const { http } = await loadHttp();
    const body = await http(path, {
      method,
      json: opts.json,
      searchParams: opts.searchParams,
      headers: opts.headers,
      ...(opts.timeout ? { timeout: opts.timeout } : {}),
    }).json();
    return opts.schema.parse(body) as z.infer<S>;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // An answer that is not what the contract says (status 200, no code): a message where the call was made.
    const error =
      err instanceof Error && err.name === 'ZodError' ? new HttpError(200, TRANSPORT_MESSAGES.errorFetching) : await toHttpError(err, call);
    const action = errorAction(error);
    if (!opts.quiet && action.kind !== 'message') onErrorEffect(action, error);
    throw error;
  }
}
