/**
 * The settings editor's calls (issue 25): one level's settings through the endpoint table, read with React
 * Query; a change shows at once and is put back if the server refuses it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LevelSettings, SettingPut } from '../../domain/contract';
import { E } from '../../domain/contract/endpoints';
import type { SettingKey, SettingLevel } from '../../domain/settings-inheritance';
import { apiCall } from '../../lib/api/client';

const keyOf = (scope: SettingLevel, id: number) => ['settings', scope, id] as const;

export function useLevelSettings(scope: SettingLevel, id: number) {
  return useQuery({
    queryKey: keyOf(scope, id),
    queryFn: async () => (await apiCall(E.settingsGet, { params: { scope, id }, quiet: true })).data,
    retry: false,
  });
}

type Change = { key: SettingKey; put: SettingPut } | { key: SettingKey; clear: true };

export function useChangeSetting(scope: SettingLevel, id: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (c: Change) =>
      'clear' in c
        ? (await apiCall(E.settingDelete, { params: { scope, id, key: c.key }, quiet: true })).data
        : (await apiCall(E.settingPut, { params: { scope, id, key: c.key }, json: c.put, quiet: true })).data,
    onMutate: async (c) => {
      await queries.cancelQueries({ queryKey: keyOf(scope, id) });
      const before = queries.getQueryData<LevelSettings>(keyOf(scope, id));
      if (before && !('clear' in c))
        queries.setQueryData<LevelSettings>(keyOf(scope, id), {
          ...before,
          settings: before.settings.map((s) =>
            s.key === c.key ? { ...s, value: c.put.value, held: { value: c.put.value, locked: c.put.locked ?? false } } : s,
          ),
        });
      return before;
    },
    onError: (_e, _c, before) => {
      if (before) queries.setQueryData(keyOf(scope, id), before);
    },
    onSuccess: (answer) => queries.setQueryData(keyOf(scope, id), answer),
  });
}
