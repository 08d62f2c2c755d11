import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { KnowledgeArticle, KnowledgeArticleInput, KnowledgeArticlePatch } from '../../domain/contract';
import { E } from '../../domain/contract/endpoints';
import { MESSAGES, PAGE_MESSAGES } from '../../domain/messages';
import { HttpError } from '../../lib/api/errors';
import { apiCall } from '../../lib/api/client';

/** Articles a page of the list holds. */
export const PER_PAGE = 20;

const ROOT = ['knowledge-base'] as const;
const listKey = (search: string, page: number) => [...ROOT, 'list', search, page] as const;
const articleKey = (id: number) => [...ROOT, 'article', id] as const;

type ListPage = Awaited<ReturnType<typeof fetchList>>;

async function fetchList(search: string, page: number) {
  const query: Record<string, string | number> = { page, paginate: PER_PAGE };
  if (search) query.search = search;
  return (await apiCall(E.knowledgeBaseList, { query, quiet: true })).data;
}

/** One page of the articles the user may read, searched by words of their title and text. */
export function useArticles(search: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: listKey(search, page),
    queryFn: () => fetchList(search, page),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

/** One article, with its Markdown. */
export function useArticle(id: number | null) {
  return useQuery({
    queryKey: articleKey(id ?? 0),
    queryFn: async () => (await apiCall(E.knowledgeBaseArticle, { params: { id: id! }, quiet: true })).data,
    enabled: id !== null,
    retry: false,
  });
}

/** Creates an article (no `id`) or changes one; the lists are read again, the article's own copy replaced. */
export function useSaveArticle() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: null; input: KnowledgeArticleInput } | { id: number; patch: KnowledgeArticlePatch }) =>
      v.id === null
        ? (await apiCall(E.knowledgeBaseCreate, { json: v.input, quiet: true })).data
        : (await apiCall(E.knowledgeBaseUpdate, { params: { id: v.id }, json: v.patch, quiet: true })).data,
    onSuccess: (saved: KnowledgeArticle) => {
      queries.setQueryData(articleKey(saved.id), saved);
      void queries.invalidateQueries({ queryKey: [...ROOT, 'list'] });
    },
  });
}

/**
 * Deletes an article: it leaves every list at once (optimistic), and comes back if the server refuses.
 * Said in a toast from here, not from the caller: the page has usually left the article by then.
 */
export function useDeleteArticle() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (a: { id: number; title: string }) =>
      (await apiCall(E.knowledgeBaseDelete, { params: { id: a.id }, quiet: true })).data,
    onMutate: async (a) => {
      await queries.cancelQueries({ queryKey: [...ROOT, 'list'] });
      const before = queries.getQueriesData<ListPage>({ queryKey: [...ROOT, 'list'] });
      for (const [key, page] of before)
        if (page) queries.setQueryData<ListPage>(key, { ...page, data: page.data.filter((r) => r.id !== a.id), total: page.total - 1 });
      return { before };
    },
    onSuccess: (_data, a) => {
      queries.removeQueries({ queryKey: articleKey(a.id) });
      toast.success(PAGE_MESSAGES.kbDeleted(a.title));
    },
    onError: (err, _a, context?: { before: [QueryKey, ListPage | undefined][] }) => {
      for (const [key, page] of context?.before ?? []) queries.setQueryData(key, page);
      toast.error(err instanceof HttpError ? err.message : MESSAGES.serverError);
    },
    onSettled: () => void queries.invalidateQueries({ queryKey: [...ROOT, 'list'] }),
  });
}
