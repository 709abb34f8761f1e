import { afterEach, describe, expect, it, vi } from 'vitest';
import { CanceledError } from 'axios';
import type { AiInformation } from '@mazhu/contracts';
import { post } from './request';
import { notify } from '@/utils/notify';
import { materialsDownloadName, saveAiEdit } from './projects';
import type * as requestModule from './request';

vi.mock('./request', async (original) => ({ ...(await original<typeof requestModule>()), post: vi.fn() }));
vi.mock('@/utils/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn(), destroy: vi.fn() } }));
const mockedPost = vi.mocked(post);

describe('project calls of the wizards', () => {
  afterEach(() => vi.clearAllMocks());

  it('names the materials zip after the software, never with empty parts', () => {
    expect(materialsDownloadName('仓库管理系统_V1.0_软著材料.zip', '', '')).toBe('仓库管理系统_V1.0_软著材料.zip');
    // A reopened project whose form has not been read yet: the server's name of the package wins.
    expect(materialsDownloadName('仓库管理系统_V1.0_软著材料.zip', '新名称系统', 'V2.0')).toBe('仓库管理系统_V1.0_软著材料.zip');
    expect(materialsDownloadName(undefined, ' 仓库管理系统 ', 'V1.0')).toBe('仓库管理系统_V1.0_软著材料.zip');
    expect(materialsDownloadName(undefined, '', '')).toBe('软著材料.zip');
    expect(materialsDownloadName('', '仓库管理系统', '')).toBe('软著材料.zip');
  });

  it('shows the server’s Chinese message when the edited AI information is refused', async () => {
    const info = { purpose: '' } as unknown as AiInformation;
    mockedPost.mockResolvedValueOnce({ code: 400, msg: '软件的主要功能不能超过 1300 个字符', data: null as never });
    expect(await saveAiEdit(3, info)).toBe(false);
    expect(notify.warning).toHaveBeenCalledWith('AI 信息没有保存：软件的主要功能不能超过 1300 个字符（项目本身已保存）');

    mockedPost.mockRejectedValueOnce(new Error('Network Error'));
    expect(await saveAiEdit(3, info)).toBe(false);
    expect(notify.warning).toHaveBeenLastCalledWith('AI 信息没有保存：网络异常，请稍后重试（项目本身已保存）');

    vi.mocked(notify.warning).mockClear();
    mockedPost.mockRejectedValueOnce(new CanceledError('duplicate request cancelled'));
    expect(await saveAiEdit(3, info)).toBe(false);
    mockedPost.mockResolvedValueOnce({ code: 200, msg: 'AI 信息已保存', data: info });
    expect(await saveAiEdit(3, info)).toBe(true);
    expect(notify.warning).not.toHaveBeenCalled();
  });
});
