import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROJECT_STATUS_LABELS, type WordStatus } from '@mazhu/contracts';
import { get } from '@/api/request';
import WizardAside from './WizardAside';
import type * as requestModule from '@/api/request';

vi.mock('@/api/request', async (original) => ({ ...(await original<typeof requestModule>()), get: vi.fn() }));
const mockedGet = vi.mocked(get);

const status = (state: WordStatus['state']): WordStatus => ({ id: 5, state, progress: state === 'succeeded' ? 100 : 0, message: '', updatedAt: '2026-03-05T08:00:00.000Z' });

function Aside(props: { projectId?: number; status?: WordStatus['state'] }) {
  const [form] = Form.useForm();
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Form form={form}>
        <WizardAside upload={null} projectId={props.projectId} status={props.status} tips={[]} />
      </Form>
    </QueryClientProvider>
  );
}

describe('WizardAside (the wizards’ side column)', () => {
  afterEach(() => {
    cleanup();
    mockedGet.mockReset();
  });

  it('shows the project’s live state: 已完成 after generating, though the page loaded it as a draft', async () => {
    mockedGet.mockResolvedValue({ code: 200, msg: '', data: status('succeeded') });
    render(<Aside projectId={5} status="draft" />);
    await waitFor(() => expect(screen.getByTestId('aside-status').textContent).toContain(PROJECT_STATUS_LABELS.succeeded));
    expect(screen.getByTestId('aside-status').textContent).not.toContain(PROJECT_STATUS_LABELS.draft);
    expect(mockedGet).toHaveBeenCalledWith('/api/getProjectWordStatus', { id: 5 }, expect.anything());
  });

  it('shows 草稿 for a project not generated, and no state before the project exists', async () => {
    mockedGet.mockResolvedValue({ code: 200, msg: '', data: status('draft') });
    render(<Aside projectId={5} status="draft" />);
    await waitFor(() => expect(mockedGet).toHaveBeenCalled());
    expect(screen.getByTestId('aside-status').textContent).toContain(PROJECT_STATUS_LABELS.draft);
    cleanup();
    render(<Aside />);
    expect(screen.queryByTestId('aside-status')).toBeNull();
  });
});
