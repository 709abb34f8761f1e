import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Form } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AiInformation } from '@mazhu/contracts';
import { get } from '@/api/request';
import { fromAiInformation, toModuleInputs, type ProjectFormValues } from './form-values';
import ModulesEditor from './ModulesEditor';
import type * as requestModule from '@/api/request';

vi.mock('@/api/request', async (original) => ({ ...(await original<typeof requestModule>()), get: vi.fn() }));
vi.mocked(get).mockResolvedValue({ code: 200, msg: '', data: null });

const WHY = '代码中没有“report”的中文名称（菜单、页面标题、接口文档或注释），名称由标识符含义推断，请确认';

/** The writer's answer for a code base: one module named by its menu, one whose name was inferred from an identifier. */
const AI = {
  techTags: [],
  modules: [
    { name: '用户管理', description: '维护系统用户。', operations: ['新增用户'], basis: ['src/views/user/index.vue'] },
    { name: '功能模块 2', description: '', operations: [], basis: ['src/api/report.js#fetch'], confirm: WHY },
  ],
} as unknown as AiInformation;

function Editor({ initial }: { initial: Partial<ProjectFormValues> }) {
  const [form] = Form.useForm<ProjectFormValues>();
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Form form={form} initialValues={initial}>
        <ModulesEditor />
      </Form>
    </QueryClientProvider>
  );
}

describe('ModulesEditor: names the code does not give', () => {
  // jsdom has no layout: antd's responsive and auto-sizing parts ask for these browser APIs.
  beforeAll(() => {
    window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false })) as unknown as typeof window.matchMedia;
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });
  afterEach(cleanup);

  it('flags a name the writer inferred as 名称待确认 until the user confirms it, and saves the flag while it stands', () => {
    const values = fromAiInformation(AI);
    expect(toModuleInputs(values.modules).map((m) => m.nameConfirm)).toEqual([undefined, WHY]);
    render(<Editor initial={values} />);
    expect(screen.getAllByTestId('name-confirm')).toHaveLength(1);
    expect(screen.getByTestId('names-to-confirm').textContent).toContain('1 个模块的名称');
    fireEvent.click(screen.getByRole('button', { name: '确认名称' }));
    expect(screen.queryByTestId('name-confirm')).toBeNull();
    expect(screen.queryByTestId('names-to-confirm')).toBeNull();
  });

  it('clears the flag when the user renames the module', () => {
    render(<Editor initial={fromAiInformation(AI)} />);
    const inputs = document.querySelectorAll<HTMLInputElement>('input.module-name-input');
    fireEvent.change(inputs[1]!, { target: { value: '统计报表' } });
    expect(screen.queryByTestId('name-confirm')).toBeNull();
  });
});
