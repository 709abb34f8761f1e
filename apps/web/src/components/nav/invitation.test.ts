import { describe, expect, it, vi } from 'vitest';
import { copyInvitationCode } from './invitation';

function ui() {
  return { success: vi.fn(), error: vi.fn(), info: vi.fn(), askManualCopy: vi.fn() };
}

describe('invitation-code copy feedback (1.5 s)', () => {
  it('shows 复制成功 when the copy worked', async () => {
    const u = ui();
    const copy = vi.fn().mockResolvedValue('ok');
    await expect(copyInvitationCode('MZ8K2Q', u, copy)).resolves.toBe('ok');
    expect(copy).toHaveBeenCalledWith('MZ8K2Q');
    expect(u.success).toHaveBeenCalledWith('复制成功', 1.5);
    expect(u.askManualCopy).not.toHaveBeenCalled();
  });

  it('shows 复制失败，请手动复制 and offers the code by hand when the browser refuses', async () => {
    const u = ui();
    await copyInvitationCode('MZ8K2Q', u, vi.fn().mockResolvedValue('manual'));
    expect(u.error).toHaveBeenCalledWith('复制失败，请手动复制', 1.5);
    expect(u.askManualCopy).toHaveBeenCalledWith('MZ8K2Q');
  });

  it('shows 复制失败 when copying throws', async () => {
    const u = ui();
    await copyInvitationCode('MZ8K2Q', u, vi.fn().mockResolvedValue('failed'));
    expect(u.error).toHaveBeenCalledWith('复制失败', 1.5);
  });

  it('shows 暂无邀请码 without a code', async () => {
    const u = ui();
    const copy = vi.fn();
    await expect(copyInvitationCode('', u, copy)).resolves.toBe('none');
    expect(u.info).toHaveBeenCalledWith('暂无邀请码', 1.5);
    expect(copy).not.toHaveBeenCalled();
  });
});
