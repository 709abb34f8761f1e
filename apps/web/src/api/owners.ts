import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EditOwnerRequest, OwnerDetails, OwnerInput, OwnerListItem, OwnerListQuery, Page } from '@mazhu/contracts';
import { get, post, unwrap } from './request';

/** The owner registry (/owner): paths and shapes from packages/contracts/src/owners.ts. */
export const ownerKeys = {
  all: ['owners'] as const,
  list: (q: OwnerListQuery) => ['owners', 'list', q] as const,
};

export const getOwnerList = (q: OwnerListQuery, signal?: AbortSignal) => post<Page<OwnerListItem>>('/api/getIntellectualList', q, { signal });
export const addOwner = (input: OwnerInput) => post<OwnerDetails>('/api/addIntellectual', input);
export const editOwner = (req: EditOwnerRequest) => post<OwnerDetails>('/api/editIntellectual', req);
export const getOwnerDetails = (id: number) => get<OwnerDetails>('/api/getIntellectualDetails', { id }, { cancelKey: `owner:${id}` });
export const delOwner = (id: number) => get<null>('/api/delIntellectual', { id }, { cancelKey: false });

export function useOwnerList(q: OwnerListQuery) {
  return useQuery({
    queryKey: ownerKeys.list(q),
    queryFn: async ({ signal }) => unwrap(await getOwnerList(q, signal)) ?? { list: [], total: 0, page: 1, pageSize: Number(q.pageSize ?? 10) },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
