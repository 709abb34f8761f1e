import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contractFileName, type AddContractRequest, type ContractListItem, type ContractListQuery, type ContractTemplate, type ContractTemplateQuery, type ContractWarnings, type Page } from '@mazhu/contracts';
import { get, http, post, unwrap } from './request';
import { saveDownload } from './projects';

/** Contracts (/settings/contract): paths and shapes from packages/contracts/src/contracts-doc.ts. */
export const contractKeys = {
  all: ['contracts'] as const,
  list: (q: ContractListQuery) => ['contracts', 'list', q] as const,
  template: (q: ContractTemplateQuery) => ['contracts', 'template', q] as const,
};

export const getContractList = (q: ContractListQuery, signal?: AbortSignal) => post<Page<ContractListItem>>('/api/getContractList', q, { signal });
/** Silent: the caller shows the refusal — party warnings (409, `data.warnings`) in the drawer, other messages as a toast. */
export const addContract = (req: AddContractRequest) => post<ContractListItem | ContractWarnings | null>('/api/addContract', req, { timeout: 120_000, silent: true });
export const delContract = (id: number) => get<null>('/api/delContract', { id }, { cancelKey: false });
export const getContractTemplateHtml = (q: ContractTemplateQuery, signal?: AbortSignal) =>
  get<ContractTemplate>('/api/getContractTemplateHtml', { ...q, partyA: q.partyA || undefined, partyB: q.partyB || undefined }, { signal, silent: true, cancelKey: 'contract-template' });

/** Downloads the stored PDF or DOCX of a contract (named 软件全称_版本号_合同名称). */
export async function downloadContract(c: ContractListItem, format: 'pdf' | 'docx'): Promise<boolean> {
  const res = await http.get<Blob>('/api/getContractDownload', { params: { id: c.id, format }, responseType: 'blob' });
  return saveDownload(res, contractFileName(c, format).replace(/\.(pdf|docx)$/, ''));
}

export function useContractList(q: ContractListQuery) {
  return useQuery({
    queryKey: contractKeys.list(q),
    queryFn: async ({ signal }) => unwrap(await getContractList(q, signal)) ?? { list: [], total: 0, page: 1, pageSize: Number(q.pageSize ?? 10) },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useContractTemplate(q: ContractTemplateQuery | undefined) {
  return useQuery({
    queryKey: contractKeys.template(q ?? { type: 'cooperation' }),
    queryFn: async ({ signal }) => unwrap(await getContractTemplateHtml(q!, signal)),
    enabled: Boolean(q),
    placeholderData: keepPreviousData,
  });
}
