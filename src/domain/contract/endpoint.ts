/**
 * What an endpoint is (issue 24 point 2): its method and address, who may call it, whether a replay is
 * safe, how the outbox orders it, and its zod schemas. The table of every endpoint is endpoints.ts; from
 * one entry the server registers the route (server/lib/route.ts), the page calls it (`apiCall`) and the
 * outbox queues it (`enqueue`), with the same types at all three.
 *
 * zod is only a type here, so this module (and `pathOf`) costs the service worker nothing.
 */
import type { z } from 'zod';
import type { Rule } from '../access';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How the caller proves who they are: `required` (the default) a full session; `beforePin` a session
 * whose PIN is not verified yet; `signedLink` a signed address instead of a session; `none` nobody.
 */
export type AuthMode = 'none' | 'beforePin' | 'required' | 'signedLink';

/** How a queued call orders against the same dictation's other queued calls (src/lib/sync/outbox.ts). */
export type OutboxOrder =
  /** A hand-off: sent after the dictation's queued letter saves, with the version they reach as base_version. */
  | 'afterLetter'
  /** A recipients save: kept in order, ahead of a later hand-off. */
  | 'recipients';

export interface EndpointDef {
  method: HttpMethod;
  /** Fastify's form: `:name` marks a parameter (`/api/dictation/:id/claim`). */
  path: `/api/${string}`;
  /** Who may call it (src/domain/access.ts); none: any signed-in user. */
  rule?: Rule;
  auth?: AuthMode;
  /** Allowed for a first-login user who has not changed the password yet. */
  beforePasswordChange?: boolean;
  /**
   * May reuse the session and user checked in the last few seconds (server auth-cache.ts): only for hot
   * read-only routes that use the caller's identity, never their stored data.
   */
  authCache?: boolean;
  /** A replay with the same Idempotency-Key gets the first answer: only these may go through the outbox. */
  idempotent?: boolean;
  outbox?: OutboxOrder;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer; none for a file or a stream (`answer` says which). */
  response?: z.ZodType;
  /** The success status when not 200. */
  status?: 201 | 202 | 204;
  /**
   * Answers other than the error envelope, by status: a conflict that carries the current letter, or a
   * replay's 200 beside a creation's 201.
   */
  otherAnswers?: Partial<Record<200 | 409 | 412 | 422, z.ZodType>>;
  /** Not JSON: a file's bytes or a never-ending event stream. */
  answer?: 'file' | 'stream' | 'redirect';
}

/** Declares an endpoint, keeping its literal types (the table's entries are made with this). */
export function endpoint<const E extends EndpointDef>(e: E): E {
  return e;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type Input<T> = T extends z.ZodType ? z.input<T> : undefined;

/** What the server's handler receives (parsed) and the client sends (before parsing). */
export type ParamsOf<E extends EndpointDef> = Infer<E['params']>;
export type QueryOf<E extends EndpointDef> = Infer<E['query']>;
export type BodyOf<E extends EndpointDef> = Infer<E['body']>;
export type BodyInputOf<E extends EndpointDef> = Input<E['body']>;
export type QueryInputOf<E extends EndpointDef> = Input<E['query']>;
/** What the client gets back (parsed) and the handler returns (before serialising). */
export type AnswerOf<E extends EndpointDef> = Infer<E['response']>;
export type AnswerInputOf<E extends EndpointDef> = Input<E['response']>;

/** Values for an address's `:name` parts, as the page has them (numbers or strings). */
export type PathParams<E extends EndpointDef> = E['params'] extends z.ZodType
  ? { [K in keyof z.input<E['params']>]: string | number }
  : undefined;

/** The address of a call: `pathOf(E.dictationClaim, { id: 7 })` is `/api/dictation/7/claim`. */
export function pathOf(e: Pick<EndpointDef, 'path'>, params?: Record<string, string | number>): string {
  return e.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${e.path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}
