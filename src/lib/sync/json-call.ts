import { TRANSPORT_MESSAGES } from '../../domain/messages-transport';
import type { ErrorCode } from '../../domain/contract/errors';
import { HttpError } from '../api/errors';

/**
 * One JSON call from the outbox, over plain fetch: the service worker runs it too and carries neither
 * ky nor zod (DESIGN §7). A failure becomes an HttpError with the server's words and code, or
 * status 0 when no answer came (offline, timeout, connection cut).
 */
export async function sendJson(
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  body: unknown,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { ...headers, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new HttpError(0, TRANSPORT_MESSAGES.outboxNoConnection);
  }
  const answer: unknown = await res.json().catch(() => null);
  if (res.ok) return answer;
  const { message, code } = (answer ?? {}) as { message?: unknown; code?: unknown };
  throw new HttpError(
    res.status,
    typeof message === 'string' ? message : res.status >= 500 ? TRANSPORT_MESSAGES.serverError : TRANSPORT_MESSAGES.errorFetching,
    typeof code === 'string' ? (code as ErrorCode) : undefined,
    answer,
  );
}
