import type { Transport } from '../../src/lib/sync/drain';
import { HttpError } from '../../src/lib/api/errors';

/** A one-paragraph letter. */
export const para = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

interface Body {
  doc: unknown;
  base_version: number;
  final: boolean;
}

/**
 * The letter endpoint as the contract describes it (PUT …/letter with base_version → { data: { version } },
 * 409 letter_conflict with the server's copy, Idempotency-Key replays), for one dictation, behind the
 * outbox Transport. Options make it hold a request until released, lose answers, refuse or be unreachable.
 */
export function letterServer(
  opts: {
    version?: number;
    doc?: unknown;
    updatedBy?: string;
    /** How many requests to hold until release() (one at a time). */
    hold?: number;
    loseAnswers?: number;
    acceptAny?: boolean;
    notEditable?: string;
    unauthorised?: number;
    offline?: boolean;
  } = {},
) {
  const letter: { version: number; doc: unknown } = {
    version: opts.version ?? 0,
    doc: opts.doc ?? { type: 'doc', content: [{ type: 'paragraph' }] },
  };
  const answers = new Map<string, unknown>();
  const requests: { method: string; path: string; key: string; body: Body }[] = [];
  let lose = opts.loseAnswers ?? 0;
  let hold = opts.hold ?? 0;
  let unauthorised = opts.unauthorised ?? 0;
  let gate: (() => void) | null = null;
  let arrival: (() => void) | null = null;
  let arrivedOnce = new Promise<void>((r) => (arrival = r));

  async function handle(path: string, key: string, body: Body): Promise<unknown> {
    if (answers.has(key)) return answers.get(key);
    if (path.endsWith('/transition')) return { data: { id: 7, reference: 'r', status: 'AUTHOR_APPROVAL' } };
    if (opts.notEditable) throw new HttpError(403, opts.notEditable, 'letter_not_editable', { message: opts.notEditable });
    if (!opts.acceptAny && body.base_version !== letter.version) {
      const message = 'Someone else saved this letter after you opened it.';
      const copy = { dictation_id: 7, ...letter, updated_at: null, updated_by: { id: 2, full_name: opts.updatedBy ?? 'Someone' } };
      throw new HttpError(409, message, 'letter_conflict', { message, code: 'letter_conflict', letter: copy });
    }
    letter.version += 1;
    letter.doc = body.doc;
    const answer = { data: { version: letter.version, updated_at: new Date().toISOString() } };
    answers.set(key, answer);
    return answer;
  }

  const transport: Transport = {
    upload: () => Promise.reject(new Error('no audio here')),
    finalise: () => Promise.reject(new Error('no audio here')),
    async send(item, body) {
      if (opts.offline) throw new HttpError(0, 'No connection');
      if (unauthorised > 0) {
        unauthorised--;
        throw new HttpError(401, 'Sign in again.');
      }
      requests.push({ method: item.method, path: item.path, key: item.id, body: body as Body });
      arrival?.();
      if (hold > 0) {
        hold--;
        await new Promise<void>((r) => (gate = r));
      }
      const answer = await handle(item.path, item.id, body as Body);
      if (lose > 0) {
        lose--;
        throw new HttpError(0, 'The connection dropped before the answer came.');
      }
      return answer;
    },
  };

  return {
    transport,
    requests,
    letter,
    /** Resolves when a request has reached the server (and is held there, with `hold`). */
    async arrived() {
      await arrivedOnce;
      arrivedOnce = new Promise<void>((r) => (arrival = r));
    },
    release() {
      gate?.();
      gate = null;
    },
  };
}
