import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiPreference, SetAiPreferenceRequest } from '@mazhu/contracts';
import { get, post, unwrap } from './request';

/** The account's AI choice (contracts/origins.ts): 不使用 AI 撰写 and whether the declaration notice was confirmed. */
export const getAiPreference = (signal?: AbortSignal) => get<AiPreference>('/api/getAiPreference', {}, { signal, silent: true });
export const setAiPreference = (req: SetAiPreferenceRequest) => post<AiPreference>('/api/setAiPreference', req);

export const aiPreferenceKey = ['ai-preference'] as const;

/** The signed-in account's AI choice; `save` changes it and refreshes every page that reads it. */
export function useAiPreference() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: aiPreferenceKey, queryFn: async ({ signal }) => unwrap(await getAiPreference(signal)), staleTime: 60_000, retry: false });
  const save = async (req: SetAiPreferenceRequest): Promise<AiPreference | null> => {
    const res = await setAiPreference(req);
    if (res?.code !== 200 || !res.data) return null;
    queryClient.setQueryData(aiPreferenceKey, res.data);
    return res.data;
  };
  return { ...query, save };
}
