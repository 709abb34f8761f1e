import { describe, expect, it, vi } from 'vitest';
import { messagesWanted, notify, setMessageApi, subscribeMessagesWanted } from './notify';

describe('notify before antd message has loaded', () => {
  it('asks the shell for the message bridge once, then shows only the latest waiting message when it registers', () => {
    const asked = vi.fn();
    const unsubscribe = subscribeMessagesWanted(asked);
    expect(messagesWanted()).toBe(false);
    notify.info('');
    expect(asked).not.toHaveBeenCalled();

    notify.error('第一条');
    notify.warning('第二条', 5);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(messagesWanted()).toBe(true);

    const api = { open: vi.fn(), destroy: vi.fn() };
    setMessageApi(api);
    expect(api.open).toHaveBeenCalledTimes(1);
    expect(api.open).toHaveBeenCalledWith({ key: 'mazhu-message', type: 'warning', content: '第二条', duration: 5 });

    notify.success('已保存');
    expect(api.open).toHaveBeenLastCalledWith({ key: 'mazhu-message', type: 'success', content: '已保存', duration: 3 });
    notify.destroy();
    expect(api.destroy).toHaveBeenCalled();
    unsubscribe();
  });
});
