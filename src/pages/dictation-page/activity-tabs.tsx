import { useState, type ReactNode } from 'react';
import { formatDateTime } from '../../domain/display-format';
import type { Dictation, DictationComment, DictationLog } from '../../domain/contract';
import { MESSAGES } from '../../domain/messages';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { HttpError } from '../../lib/api/errors';
import { NotAvailableOffline } from '../../features/offline-review';
import { queueComment, useAuditTrail, useComments } from './api/activity';

type Paged<T> = { data: T[]; current_page: number; last_page: number };

function PagedList<T>({
  query,
  empty,
  render,
  onPage,
}: {
  query: { data?: Paged<T>; error: Error | null; isPending: boolean };
  empty: string;
  render: (row: T) => ReactNode;
  onPage: (p: number) => void;
}) {
  if (query.isPending) return <p className="text-sm">Loading…</p>;
  if (query.error instanceof HttpError && query.error.isNetwork) return <NotAvailableOffline />;
  if (query.error || !query.data) return <Alert>{query.error?.message ?? MESSAGES.errorFetching}</Alert>;
  const { data, current_page, last_page } = query.data;
  return (
    <div className="space-y-2">
      {data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{empty}</p>
      ) : (
        <ol className="space-y-2">{data.map(render)}</ol>
      )}
      {last_page > 1 && (
        <div className="flex items-center justify-between text-sm">
          <Button tone="ghost" isDisabled={current_page <= 1} onPress={() => onPage(current_page - 1)}>
            Newer
          </Button>
          <span>
            Page {current_page} of {last_page}
          </span>
          <Button tone="ghost" isDisabled={current_page >= last_page} onPress={() => onPage(current_page + 1)}>
            Older
          </Button>
        </div>
      )}
    </div>
  );
}

const Entry = ({ who, when, children }: { who: string; when: string; children: ReactNode }) => (
  <li className="rounded-lg bg-slate-50 p-2 text-sm dark:bg-slate-800">
    <p className="text-xs text-slate-600 dark:text-slate-300">
      <span className="font-semibold">{who}</span> · {formatDateTime(when)}
    </p>
    <div className="mt-0.5 whitespace-pre-wrap break-words">{children}</div>
  </li>
);

export function CommentsTab({ d }: { d: Dictation }) {
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [sent, setSent] = useState<string[]>([]);
  const query = useComments(d.id, page);
  async function add() {
    const comments = text.trim();
    if (!comments) return;
    await queueComment(d.id, d.reference, comments);
    setSent((s) => [...s, comments]);
    setText('');
  }
  return (
    <div className="space-y-3">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
        className="space-y-2"
      >
        <label htmlFor="new-comment" className="text-sm font-medium">
          Add a comment
        </label>
        <textarea
          id="new-comment"
          value={text}
          maxLength={2000}
          onChange={(e) => setText(e.target.value)}
          rows={2}
          className="w-full rounded-lg border border-slate-300 bg-white p-2 text-sm dark:border-slate-600 dark:bg-slate-900"
        />
        <Button type="submit" tone="secondary" isDisabled={!text.trim()}>
          Add comment
        </Button>
      </form>
      {sent.length > 0 && (
        <p role="status" className="text-xs text-slate-600 dark:text-slate-300">
          {sent.length === 1 ? 'Your comment is' : `${sent.length} comments are`} saved and reach the server as soon as there is a
          connection.
        </p>
      )}
      <PagedList<DictationComment>
        query={query}
        empty={MESSAGES.noComments}
        onPage={setPage}
        render={(c) => (
          <Entry key={c.id} who={c.user?.full_name ?? 'Wardnote'} when={c.created_at}>
            {c.comments}
          </Entry>
        )}
      />
    </div>
  );
}

export function AuditTab({ d }: { d: Dictation }) {
  const [page, setPage] = useState(1);
  const query = useAuditTrail(d.id, page);
  return (
    <PagedList<DictationLog>
      query={query}
      empty="No audit trail for this dictation"
      onPage={setPage}
      render={(l) => (
        <Entry key={l.id} who={l.user?.full_name ?? 'Wardnote'} when={l.created_at}>
          {l.description}
        </Entry>
      )}
    />
  );
}
