import { useQuery } from '@tanstack/react-query';
import { autotextUsableSchema, type AutotextSnippet } from '../../domain/contract';
import { E } from '../../domain/contract/endpoints';
import { apiCall } from '../../lib/api/client';
import { HttpError } from '../../lib/api/errors';
import { getSecure, putSecure } from '../../lib/crypto/secure-store';

/** The query key of the caller's usable snippets (the editor's set). */
export const AUTOTEXT_KEY = ['autotext', 'usable'] as const;
const STORE_KEY = 'autotext_snippets';

/**
 * The snippets this user may insert, fresh from the server and kept on the device (encrypted, in the
 * secure store) so shortcuts still work offline; the device's copy answers when the network is down.
 */
export async function loadAutotexts(): Promise<AutotextSnippet[]> {
  try {
    const { data } = await apiCall(E.autotextUsable, { quiet: true });
    await putSecure(STORE_KEY, data).catch(() => {});
    return data;
  } catch (err) {
    if (err instanceof HttpError && err.isNetwork) {
      const saved = autotextUsableSchema.shape.data.safeParse(await getSecure(STORE_KEY));
      if (saved.success) return saved.data;
    }
    throw err;
  }
}

/** The caller's usable snippets: the trust's, the departments' and their own. */
export function useAutotexts() {
  return useQuery({
    queryKey: AUTOTEXT_KEY,
    queryFn: loadAutotexts,
    staleTime: 5 * 60_000,
    // Offline the query still runs and answers from the device's copy.
    networkMode: 'always',
  });
}
