import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { UserMinus, UserPlus } from 'lucide-react';
import type { GroupDetail } from '../../domain/contract';
import { MESSAGES, PAGE_MESSAGES } from '../../domain/messages';
import { HttpError } from '../../lib/api/errors';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useAddMembers, useCandidates, useRemoveMember } from './api';
import { EMPTY, HINT, INPUT } from './styles';

const words = (err: unknown) => (err instanceof HttpError ? err.message : MESSAGES.serverError);

/** What a typed search asks for once the typing pauses: one request, not one per key. */
function useSettled(text: string, ms = 250): string {
  const [settled, setSettled] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/**
 * A group's members: each removed with one press, and people of the group's trust (or site) found by name or
 * e-mail and added with one press. Both are saved at once (each is its own audited change).
 */
export function MembersPanel({ group, readOnly }: { group: GroupDetail; readOnly: boolean }) {
  const [search, setSearch] = useState('');
  const settled = useSettled(search);
  const candidates = useCandidates(readOnly ? null : group.id, settled);
  const add = useAddMembers(group.id);
  const remove = useRemoveMember(group.id);
  const [refusal, setRefusal] = useState<string | null>(null);

  return (
    <section aria-labelledby="group-members" className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-700">
      <h3 id="group-members" className="text-base font-semibold">
        Members ({group.member_list.length})
      </h3>
      {!readOnly && (
        <p className={`mb-2 ${HINT}`}>People are added and removed at once; they hold the group’s permissions from their next action.</p>
      )}
      {refusal && (
        <div className="mb-2">
          <Alert>{refusal}</Alert>
        </div>
      )}
      {group.member_list.length === 0 ? (
        <p className={EMPTY}>{PAGE_MESSAGES.groupNoMembers}</p>
      ) : (
        <ul aria-label="Members" className="divide-y divide-slate-200 dark:divide-slate-700">
          {group.member_list.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="block font-medium">{m.full_name}</span>
                <span className="block text-sm break-all text-slate-600 dark:text-slate-300">
                  {m.email} · {m.site.name}
                </span>
              </span>
              {!readOnly && (
                <Button
                  tone="secondary"
                  className="!min-h-10 !px-3"
                  onPress={() => {
                    setRefusal(null);
                    remove.mutate(m.id, {
                      onSuccess: () => toast.success(PAGE_MESSAGES.groupMemberRemoved(m.full_name, group.name)),
                      onError: (err) => setRefusal(words(err)),
                    });
                  }}
                >
                  <UserMinus aria-hidden className="size-4" /> Remove<span className="sr-only"> {m.full_name}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <div className="mt-4">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Find people to add
            <input
              type="search"
              value={search}
              placeholder={group.site ? `Name or e-mail, at ${group.site.name}` : 'Name or e-mail'}
              onChange={(e) => setSearch(e.target.value)}
              className={INPUT}
            />
          </label>
          {candidates.isError && <Alert>{words(candidates.error)}</Alert>}
          {candidates.data && candidates.data.length === 0 && <p className={`mt-2 ${HINT}`}>{PAGE_MESSAGES.groupNoCandidates}</p>}
          {candidates.data && candidates.data.length > 0 && (
            <ul aria-label="People who can be added" className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
              {candidates.data.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0">
                    <span className="block font-medium">{p.full_name}</span>
                    <span className="block text-sm break-all text-slate-600 dark:text-slate-300">
                      {p.email} · {p.site.name}
                    </span>
                  </span>
                  <Button
                    tone="secondary"
                    className="!min-h-10 !px-3"
                    isDisabled={add.isPending}
                    onPress={() => {
                      setRefusal(null);
                      add.mutate([p.id], {
                        onSuccess: () => toast.success(PAGE_MESSAGES.groupMemberAdded(p.full_name, group.name)),
                        onError: (err) => setRefusal(words(err)),
                      });
                    }}
                  >
                    <UserPlus aria-hidden className="size-4" /> Add<span className="sr-only"> {p.full_name}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
